import { parseIgnoreLine, ruleMatches } from './ignore-pattern.js';

/**
 * Files left out of a corpus unless its owner opts in (`secretFiles: 'index'`): environment files,
 * private keys and key stores, and the credential files of package managers, cloud tools and shells.
 * The names secret scanners flag as sensitive files (GitGuardian's and Yelp detect-secrets' lists,
 * git-secrets, the github/gitignore templates). Patterns in `.gitignore` syntax, at any depth.
 */
export const SECRET_FILE_PATTERNS: readonly string[] = [
  // Environment files: `.env`, `.env.local`, `.env.production`, `prod.env`.
  '.env',
  '.env.*',
  '*.env',
  '.envrc',
  // Private keys, certificates with keys, key stores.
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  '*.ppk',
  '*.gpg',
  '*.kdbx',
  'secring.*',
  // Credentials of package managers, shells and network tools.
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.pgpass',
  '.my.cnf',
  '.git-credentials',
  '.htpasswd',
  '.bash_history',
  '.zsh_history',
  '.psql_history',
  // Cloud, container and infrastructure tools.
  '.aws/credentials',
  '.docker/config.json',
  '.dockercfg',
  '.kube/config',
  'kubeconfig',
  '.boto',
  '.s3cfg',
  '.vault-token',
  'credentials',
  'credentials.json',
  'client_secret*.json',
  'service-account*.json',
  '*.tfvars',
  '*.tfstate',
  '*.tfstate.backup',
  '.terraformrc',
  'terraform.rc',
  // Application secret stores.
  'secrets.yml',
  'secrets.yaml',
  'secrets.json',
  'master.key',
  'credentials.yml.enc',
];

const secrets = SECRET_FILE_PATTERNS.flatMap((pattern) => parseIgnoreLine(pattern) ?? []);

/** Whether a path relative to the corpus root names a well-known secret file. */
export function isSecretFile(path: string): boolean {
  return secrets.some((rule) => ruleMatches(rule, path));
}
