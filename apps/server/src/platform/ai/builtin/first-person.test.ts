import { describe, expect, it } from 'vitest';
import { ofTheBusiness, weDo } from './first-person.ts';

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

describe('what "we" do, read where the lexicon has no verb for it', () => {
  it.each([
    ['fr', 'nous envoyons un maître-nageur chez eux', 'envoie un maître-nageur chez eux'],
    ['it', "laviamo senz'acqua in 40 minuti", "lava senz'acqua in 40 minuti"],
    ['es', 'mandamos audios de 5 minutos al día', 'manda audios de 5 minutos al día'],
    ['pt', 'recolhemos as caixas na portaria', 'recolhe as caixas na portaria'],
    ['en', 'we tow broken scooters to the depot', 'tows broken scooters to the depot'],
  ] as const)('%s: "%s"', (lang, said, done) => {
    expect(weDo(said, lang)).toBe(done);
  });

  it.each([
    ['en', 'we also keep 12% of the invoice'],
    ['en', 'we lease 6 acres from him'],
    ['es', 'conseguimos clientes en grupos de Facebook'],
    ['it', 'tratteniamo il 18% sul premio'],
    ['pt', 'temos dois caminhões'],
    ['fr', 'livrons en 2 h'],
    ['es', 'el cliente paga al final'],
  ] as const)('%s: "%s" is no action of the business', (lang, said) => {
    expect(weDo(said, lang)).toBeNull();
  });
});
