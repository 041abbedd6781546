/**
 * Baseline of the contact benchmark: a bare Bun.serve handler that reads the JSON body and does one INSERT with
 * postgres.js into contact_messages of the same database (DATABASE_URL, PORT from the environment).
 */
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL as string, { max: 10, onnotice: () => {} });
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT),
  async fetch(request) {
    if (request.method !== 'POST') return new Response('ok');
    const body = (await request.json()) as { name: string; email: string; subject: string; message: string };
    const [row] = await sql`insert into contact_messages (name, email, subject, message)
      values (${body.name}, ${body.email}, ${body.subject}, ${body.message}) returning id`;
    return Response.json({ id: row?.id }, { status: 201 });
  },
});
process.on('SIGTERM', async () => {
  server.stop();
  await sql.end({ timeout: 2 });
  process.exit(0);
});
