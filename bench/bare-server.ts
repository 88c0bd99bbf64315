import Fastify from 'fastify';

// The baseline: Fastify with one route and nothing else, answering the same JSON as our call.
const body = JSON.parse(process.env.BODY ?? '{}') as unknown;
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
