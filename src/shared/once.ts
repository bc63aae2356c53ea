/**
 * The value of `make`, made on the first call and shared by every later one; a failure is
 * forgotten, so the next call tries again (a package installed meanwhile is found, a passing
 * network error is not kept).
 */
export function once<Value>(make: () => Promise<Value>): () => Promise<Value> {
  let making: Promise<Value> | undefined;
  return () => {
    making ??= make().catch((error: unknown) => {
      making = undefined;
      throw error;
    });
    return making;
  };
}
