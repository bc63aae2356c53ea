import type { ServeSettings } from '../config/index.js';

/**
 * What `deepresearch serve` is told besides the research options: the `serve` fields of the field
 * table (`ServeSettings`; each field's meaning is its help there), the token files already read
 * into `authTokens` and `adminTokens`. One object from the command line through `startServer` to
 * `createApp`, each layer reading the fields it needs; for library users every field is optional
 * (absent: the field's default).
 */
export type ServeOptions = Partial<Omit<ServeSettings, 'forgetAll' | 'authTokenFile' | 'adminTokenFile'>>;
