/** A module's part of the gateway: its schema text and resolvers. */
export interface GatewayModule {
  name: string;
  typeDefs: string;
  resolvers: Record<string, Record<string, unknown>>;
}
