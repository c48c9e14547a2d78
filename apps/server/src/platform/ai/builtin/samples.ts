/** Sample descriptions for the built-in generator's tests and benchmark. */
import type { Language } from '@assay/domain';

/** The same business described in each of the five languages. */
export const DESCRIPTIONS: Record<Language, string> = {
  'en-US':
    'Stockly is a mobile inventory app for independent restaurant owners who still count stock on paper. They waste hours every week and throw away food because they over-order. Our app scans invoices and predicts what to order. We sell it through a monthly subscription and reach owners through Instagram and food suppliers.',
  'es-US':
    'Stockly es una aplicación de inventario para dueños de restaurantes independientes que todavía cuentan el stock en papel. Pierden horas cada semana y tiran comida porque piden de más. Nuestra aplicación lee las facturas y predice qué pedir. La vendemos con una suscripción mensual y llegamos a los dueños por redes sociales y proveedores.',
  'fr-FR':
    "Stockly est une application d'inventaire pour les propriétaires de restaurants indépendants qui comptent encore le stock sur papier. Ils perdent des heures chaque semaine et jettent de la nourriture. Notre application lit les factures et prédit les commandes. Nous la vendons par abonnement mensuel via les réseaux sociaux et les fournisseurs.",
  'it-IT':
    "Stockly è un'applicazione di inventario per i proprietari di ristoranti indipendenti che contano ancora le scorte su carta. Perdono ore ogni settimana e buttano via cibo. La nostra applicazione legge le fatture e prevede gli ordini. La vendiamo con un abbonamento mensile tramite social e fornitori.",
  'pt-BR':
    'Stockly é um aplicativo de estoque para donos de restaurantes independentes que ainda contam o estoque no papel. Eles perdem horas toda semana e jogam comida fora. Nosso aplicativo lê as notas fiscais e prevê os pedidos. Vendemos por assinatura mensal pelas redes sociais e por fornecedores.',
};
