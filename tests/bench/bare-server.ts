// Baseline for start-up: a bare Fastify server with one route, started the same way as the product.
import Fastify from 'fastify';

const app = Fastify();
app.get('/ping', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
