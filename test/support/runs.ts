/** Runs per fast-check property: small by default so the unit suite stays fast; raise with FUZZ_RUNS=10000. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
