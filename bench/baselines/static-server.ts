/**
 * Baseline of the public-dashboards benchmark: a bare Bun.serve answering fixed bytes with a fixed content-type
 * (BODY_FILE, CONTENT_TYPE, PORT from the environment). Run as a child process, as the API is.
 */
const body = await Bun.file(process.env.BODY_FILE as string).bytes();
const contentType = process.env.CONTENT_TYPE as string;
Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT),
  fetch: () => new Response(body, { headers: { 'content-type': contentType } }),
});
process.on('SIGTERM', () => process.exit(0));
