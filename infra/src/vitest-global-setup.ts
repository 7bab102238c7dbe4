import { ensureInfrastructure } from './index.js';

/**
 * Vitest global setup: makes the servers available once per run and hands their URLs to the test
 * workers through the environment (workers start after this and inherit it).
 */
export default async function setup() {
  const infra = await ensureInfrastructure({ log: (line) => console.error(`[infra] ${line}`) });
  process.env.MONGO_URL = infra.mongoUrl;
  process.env.AMQP_URL = infra.amqpUrl;
  process.env.OPENSEARCH_URL = infra.opensearchUrl;
  return async () => {
    if (infra.mongoProvider === 'docker' || infra.amqpProvider === 'docker') await infra.stop();
  };
}
