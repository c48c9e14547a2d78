/** A module's part of the gateway: its schema text and resolvers. */
export interface GatewayModule {
  name: string;
  typeDefs: string;
  /** Field resolvers per type, or a GraphQLScalarType for a scalar. */
  resolvers: Record<string, unknown>;
}
