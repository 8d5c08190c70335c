// The bench's reference: a bare Fastify with one GET and one JSON POST route, nothing else, so the real server's
// numbers can be read as a ratio to what Fastify itself costs on this machine in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const services = [{ id: 'photoshoot', displayName: 'Photoshoot' }];
app.get('/bare', async () => services);
app.post('/bare', async (request, reply) => reply.code(201).send({ id: 'x', received: typeof request.body }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
