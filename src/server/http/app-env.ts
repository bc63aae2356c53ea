/** Values middleware sets on the request context. */
export interface AppEnv {
  Variables: {
    /** Who is calling: a short hash of their token, or their address without auth. Never the token. */
    client: string;
  };
}
