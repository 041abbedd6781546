// The readiness probe lives in the server platform (`@app/platform/readiness`), shared with the workers' /readyz;
// this name stays for the system routes, which another change of issue 13 is rewriting.
export { probe } from '@app/platform/readiness';
