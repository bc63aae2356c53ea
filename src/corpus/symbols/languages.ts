/**
 * Tree-sitter queries per grammar, as data. Definitions capture the defining node as
 * `@definition.<kind>`, its name as `@name` and, where the syntax names its owner, that as `@container`
 * (a Go method's receiver type; `app` in `app.use = function…`). Calls capture the called name as
 * `@call`, or `@member` when called on an object (`router.handle()`); references capture every
 * identifier-like node as `@reference`, type names as `@reference.type`. The three are compiled into
 * one query (one walk of the tree a file), so their capture names must tell them apart. A declaration
 * of several names (`const A = 1, B = 2`, a Go `const (…)` block) captures each name's declarator as
 * its definition: each has its own lines (and the declaration's when it is the only one). A name bound
 * to a module (`const X = require('./x')`, or through a compiler's interop helper:
 * `var _Button = _interopRequireDefault(require("./Button"))`, `tslib_1.__importStar(require(…))`)
 * is captured `@import`: it names a definition elsewhere, and the extractor keeps it as a reference,
 * as it keeps an ES import's.
 */
export interface LanguageQueries {
  /** File name of the grammar in `@vscode/tree-sitter-wasm/wasm/`; the build copies each one named here into dist. */
  wasm: string;
  definitions: string;
  calls: string;
  references: string;
  /** Node types of comments, which a definition's chunk takes along when they sit just above it. */
  commentTypes: readonly string[];
  /** Identifiers that are never worth a reference (`self`). */
  ignoredNames: readonly string[];
  /** Node types of function bodies: a definition inside one is local to it. */
  functionTypes: readonly string[];
}

const javascriptDefinitions = `
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.method
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)]) @definition.function
(assignment_expression left: (member_expression object: (_) @container property: (property_identifier) @name) right: [(arrow_function) (function_expression)]) @definition.function
(pair key: (property_identifier) @name value: [(arrow_function) (function_expression)]) @definition.method
(program (lexical_declaration (variable_declarator name: (identifier) @name value: (_) @required) @import) (#match? @required "^([A-Za-z_$][A-Za-z0-9_$.]*[(])?require[(]"))
(program (variable_declaration (variable_declarator name: (identifier) @name value: (_) @required) @import) (#match? @required "^([A-Za-z_$][A-Za-z0-9_$.]*[(])?require[(]"))
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant))
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant)))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
`;

const typescriptDefinitions = `${javascriptDefinitions}
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(abstract_method_signature name: (_) @name) @definition.method
(public_field_definition name: (property_identifier) @name value: [(arrow_function) (function_expression)]) @definition.method
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (identifier) @name) @definition.module
(function_signature name: (identifier) @name) @definition.function
`;

const javascriptCalls = `
(call_expression function: (identifier) @call)
(call_expression function: (member_expression property: (property_identifier) @member))
(new_expression constructor: (identifier) @call)
(new_expression constructor: (member_expression property: (property_identifier) @member))
`;

const jsxCalls = `${javascriptCalls}
(jsx_opening_element name: (identifier) @call)
(jsx_self_closing_element name: (identifier) @call)
`;

const javascriptReferences = `
[(identifier) (property_identifier) (shorthand_property_identifier)] @reference
`;

const typescriptReferences = `${javascriptReferences}
(type_identifier) @reference.type
`;

const javascriptFunctions = [
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'arrow_function',
  'method_definition',
];

/** Queries by grammar name. */
export const languageQueries: Readonly<Record<string, LanguageQueries>> = {
  typescript: {
    wasm: 'tree-sitter-typescript.wasm',
    definitions: typescriptDefinitions,
    calls: javascriptCalls,
    references: typescriptReferences,
    commentTypes: ['comment'],
    ignoredNames: [],
    functionTypes: javascriptFunctions,
  },
  tsx: {
    wasm: 'tree-sitter-tsx.wasm',
    definitions: typescriptDefinitions,
    calls: jsxCalls,
    references: typescriptReferences,
    commentTypes: ['comment'],
    ignoredNames: [],
    functionTypes: javascriptFunctions,
  },
  javascript: {
    wasm: 'tree-sitter-javascript.wasm',
    definitions: javascriptDefinitions,
    calls: jsxCalls,
    references: javascriptReferences,
    commentTypes: ['comment'],
    ignoredNames: [],
    functionTypes: javascriptFunctions,
  },
  python: {
    wasm: 'tree-sitter-python.wasm',
    definitions: `
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(module (expression_statement (assignment left: (identifier) @name)) @definition.constant)
`,
    calls: `
(call function: (identifier) @call)
(call function: (attribute attribute: (identifier) @member))
`,
    // The names in an annotation are types (\`Value\`, \`List\` of \`List[Value]\`, \`Value\` of
    // \`models.Value\`); their patterns come first, so a node both capture is a type.
    references: `
(type (identifier) @reference.type)
(type (generic_type (identifier) @reference.type))
(type (attribute attribute: (identifier) @reference.type))
(type (subscript value: [(identifier) @reference.type (attribute attribute: (identifier) @reference.type)]))
(type (subscript subscript: (identifier) @reference.type))
(identifier) @reference
`,
    commentTypes: ['comment'],
    ignoredNames: ['self', 'cls'],
    functionTypes: ['function_definition', 'lambda'],
  },
  go: {
    wasm: 'tree-sitter-go.wasm',
    definitions: `
(function_declaration name: (identifier) @name) @definition.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: [(pointer_type (type_identifier) @container) (type_identifier) @container]))
  name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.class
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type
(method_elem name: (field_identifier) @name) @definition.method
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))
`,
    calls: `
(call_expression function: (identifier) @call)
(call_expression function: (selector_expression field: (field_identifier) @member))
(composite_literal type: (type_identifier) @call)
`,
    references: `
[(identifier) (field_identifier)] @reference
(type_identifier) @reference.type
`,
    commentTypes: ['comment'],
    ignoredNames: ['_'],
    functionTypes: ['function_declaration', 'method_declaration', 'func_literal'],
  },
};
