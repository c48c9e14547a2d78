import { readFileSync } from 'node:fs';
import type { GatewayModule } from '../../gateway/module.ts';
import { resolvers } from './resolvers.ts';

export const generationModule: GatewayModule = {
  name: 'generation',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  resolvers,
};
