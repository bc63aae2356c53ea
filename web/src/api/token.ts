/** Where the browser keeps the server's bearer token (only for servers started with --auth-token). */
const STORAGE_KEY = 'deepresearch.token';

export function loadToken(): string | undefined {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    // Storage can be disabled (private windows, policies); then the token lives for this page only.
    return memoryToken;
  }
}

let memoryToken: string | undefined;

export function saveToken(token: string): void {
  memoryToken = token;
  try {
    window.localStorage.setItem(STORAGE_KEY, token);
  } catch {
    // See loadToken: the in-memory copy is used instead.
  }
}
