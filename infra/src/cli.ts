#!/usr/bin/env -S npx tsx
import {
  DATA_DIR,
  InfrastructureError,
  ensureInfrastructure,
  stopNativeInfrastructure,
} from './index.js';

const log = (line: string) => console.log(`[infra] ${line}`);
const command = process.argv[2] ?? 'up';

try {
  if (command === 'up' || command === 'status') {
    const infra = await ensureInfrastructure({ log, useDocker: false });
    console.log(`MONGO_URL=${infra.mongoUrl}  (${infra.mongoProvider})`);
    console.log(`AMQP_URL=${infra.amqpUrl}  (${infra.amqpProvider})`);
    console.log(`OPENSEARCH_URL=${infra.opensearchUrl}  (${infra.opensearchProvider})`);
    console.log(`Data and logs: ${DATA_DIR}`);
  } else if (command === 'down') {
    await stopNativeInfrastructure(log);
  } else {
    console.error('usage: b2g-infra up|status|down');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof InfrastructureError ? error.message : error);
  process.exitCode = 1;
}
