import mongoose, { type Connection } from 'mongoose';
import { outboxPlugin } from '../src/index.js';

/** The publishing side of the outbox tests: a document that records its events with its changes. */
const accountSchema = new mongoose.Schema({
  _id: String,
  name: String,
  changes: { type: Number, default: 0 },
});
accountSchema.plugin(outboxPlugin);

export function accountModel(connection: Connection) {
  return connection.model('Account', accountSchema);
}
