import { describe, expect, it } from 'vitest';
import { ofTheBusiness } from './first-person.ts';

describe('what "we" do, said of the business', () => {
  it.each([
    [
      'en',
      'we install smart locks and handle the handovers',
      'installs smart locks and handles the handovers',
    ],
    ['en', 'we carry dogs and cats to the farm', 'carries dogs and cats to the farm'],
    ['en', 'we fix bikes', 'fixes bikes'],
    ['es', 'instalamos cerraduras y hacemos la entrega', 'instala cerraduras y hace la entrega'],
    ['es', 'nosotros tenemos cocineros y servimos comida', 'tiene cocineros y sirve comida'],
    [
      'fr',
      'nous installons des serrures et gérons la remise des clés',
      'installe des serrures et gère la remise des clés',
    ],
    [
      'fr',
      'nous choisissons les produits et faisons la livraison',
      'choisit les produits et fait la livraison',
    ],
    ['fr', 'on livre des paniers', 'livre des paniers'],
    ['it', 'installiamo serrature e gestiamo le chiavi', 'installa serrature e gestisce le chiavi'],
    ['it', 'noi colleghiamo i negozi e vendiamo online', 'collega i negozi e vende online'],
    ['pt', 'instalamos fechaduras e cuidamos da entrega', 'instala fechaduras e cuida da entrega'],
    ['pt', 'fazemos a coleta e temos caminhão', 'faz a coleta e tem caminhão'],
    ['pt', 'a gente entrega na obra', 'entrega na obra'],
  ] as const)('%s: "%s"', (lang, said, ofIt) => {
    expect(ofTheBusiness(said, lang)).toBe(ofIt);
  });

  it.each([
    ['en', 'connects landlords with electricians'],
    ['en', 'installs panels'],
    ['es', 'préstamos para inmigrantes'],
    ['es', 'el restaurante pide el turno'],
    ['fr', 'solutions pour les éleveurs'],
    ['pt', 'o pedreiro pede pelo whats'],
  ] as const)('%s: leaves "%s" as said', (lang, said) => {
    expect(ofTheBusiness(said, lang)).toBe(said);
  });
});
