import { describe, expect, it } from 'vitest';
import { builtinProjectData } from './generator.ts';
import { parseBusinessModel } from './model.ts';
import { copiesFrom, writeValueProposition } from './writer.ts';

/**
 * The business-model reader on the ways founders write (#50 item 1), each in a trade none of the
 * evaluation cases is in, asserting the model read, not only that something came out.
 */
describe('the business-model reader', () => {
  it('reads a question-and-answer pitch, each answer into its part', () => {
    const m = parseBusinessModel(
      [
        'What is it? TuneBox rents pianos to families for a year.',
        "Who's it for? Parents of kids starting piano lessons.",
        "What's the problem? A new upright costs $4,000 and half the kids quit within a year.",
        'What does it cost? $39 a month, delivery included.',
        'How do people find us? Piano teachers and school music fairs.',
        'Who do we work with? A local moving company and two tuners.',
        'Biggest costs? Trucks, tuning and insurance.',
        'What else is out there? Buying used on Marketplace, or a keyboard.',
      ].join('\n'),
      'en',
      'TuneBox',
    );
    // The answer's capital is the line's: "For parents of kids…" mid-sentence.
    expect(m.segments[0]).toMatch(/^parents of kids/);
    expect(m.pains[0]).toMatch(/new upright costs \$4,000/);
    expect(m.solutions[0]).toBe('rents pianos to families for a year');
    expect(m.prices[0]).toBe('$39 a month');
    expect(m.channels).toEqual(['Piano teachers', 'school music fairs']);
    expect(m.partners[0]).toBe('a local moving company');
    expect(m.costs).toEqual(['Trucks', 'tuning', 'insurance']);
    expect(m.alternatives.join(' | ')).toMatch(/Buying used on Marketplace \| a keyboard/);
  });

  it('reads notes with a label on each line, in Spanish and in numbered Portuguese', () => {
    const es = parseBusinessModel(
      [
        'LavaYa — apuntes',
        '- pa quién: lavanderías de barrio en Monterrey',
        '- dolor: las máquinas se descomponen y el técnico tarda una semana',
        '- precio: $450 al mes por local',
        '- canales: distribuidores de jabón industrial, grupos de Facebook de dueños',
        '- socios: un taller de refacciones',
        '- costos: técnicos, refacciones',
        '- competencia: el técnico de confianza, la garantía del fabricante',
      ].join('\n'),
      'es',
      'LavaYa',
    );
    expect(es.segments[0]).toBe('lavanderías de barrio en Monterrey');
    expect(es.pains[0]).toMatch(/^las máquinas se descomponen/);
    expect(es.prices[0]).toMatch(/^\$450 al mes por local/);
    expect(es.channels.slice(0, 2)).toEqual([
      'distribuidores de jabón industrial',
      'grupos de Facebook de dueños',
    ]);
    expect(es.partners[0]).toBe('un taller de refacciones');
    expect(es.costs).toEqual(['técnicos', 'refacciones']);
    expect(es.alternatives).toEqual(['el técnico de confianza', 'la garantía del fabricante']);

    const pt = parseBusinessModel(
      [
        'Oi Carla, seguem as respostas:',
        '1) Quem compra: academias de bairro com até 300 alunos.',
        '2) A dor: aluno some depois do segundo mês e ninguém percebe.',
        '5) Canal: fornecedores de equipamentos e o boca a boca entre donos.',
        '7) Custos: servidores e o time de suporte.',
      ].join('\n'),
      'pt',
      'Fica',
    );
    expect(pt.segments[0]).toBe('academias de bairro com até 300 alunos');
    expect(pt.pains[0]).toMatch(/^aluno some depois do segundo mês/);
    expect(pt.channels).toEqual(['fornecedores de equipamentos', 'o boca a boca entre donos']);
    expect(pt.costs).toEqual(['servidores', 'o time de suporte']);
  });

  it('reads a sentence headed by its topic in running French text', () => {
    const m = parseBusinessModel(
      "Bref, CargoLoop loue des vélos cargos aux artisans du bâtiment à Nantes. Tarif : 190 € par mois, entretien compris. Acquisition : les négoces de matériaux et LinkedIn. Coûts : les vélos, l'atelier, l'assurance. Concurrents : la camionnette, Cyclofix.",
      'fr',
      'CargoLoop',
    );
    expect(m.prices[0]).toBe('190 € par mois');
    expect(m.channels).toEqual(['les négoces de matériaux', 'LinkedIn']);
    expect(m.costs).toEqual(['les vélos', "l'atelier", "l'assurance"]);
    expect(m.alternatives).toEqual(['la camionnette', 'Cyclofix']);
  });

  it('names as partners those who do the business’s work for it, and as channels those who send it customers', () => {
    const it = parseBusinessModel(
      'SensoCasa vende sensori di umidità ai proprietari di case in affitto. Un laboratorio di Modena tara i nostri sensori ogni sei mesi.',
      'it',
      'SensoCasa',
    );
    expect(it.partners).toContain('un laboratorio di Modena');
    const es = parseBusinessModel(
      'TerapiaYa conecta a pacientes con fisioterapeutas a domicilio. La cooperativa de Jalisco nos presta las camillas, y las clínicas de barrio nos mandan pacientes.',
      'es',
      'TerapiaYa',
    );
    expect(es.partners).toContain('la cooperativa de Jalisco');
    expect(es.channels).toContain('las clínicas de barrio');
    expect(es.partners).not.toContain('las clínicas de barrio');
  });

  it('reads people named by their trade’s ending, and what the product is from its definition', () => {
    const it = parseBusinessModel(
      'FornoPro è un gestionale per panificatori e pasticcieri di paese.',
      'it',
      'FornoPro',
    );
    expect(it.segments.join(' ')).toMatch(/panificatori/);
    // Size comes before the noun in Spanish: "pequeños negocios", not "negocios".
    const es = parseBusinessModel(
      'SolarYa instala paneles solares en pequeños negocios de Ponce sin costo inicial.',
      'es',
      'SolarYa',
    );
    expect(es.segments[0]).toMatch(/^pequeños negocios de Ponce/);
    expect(it.solutions).toContain('è un gestionale');
    const fr = parseBusinessModel(
      'CoursiCargo est une plateforme qui met en relation les artisans avec des coursiers à vélo.',
      'fr',
      'CoursiCargo',
    );
    expect(fr.solutions[0]).toBe('met en relation les artisans avec des coursiers');
    expect(fr.solutions).toContain('est une plateforme');
  });

  it('puts the business’s own price before what customers spend elsewhere, and keeps what is billed', () => {
    const fr = parseBusinessModel(
      'Les artisans dépensent 300 € par mois en carburant. CargoLoop facture 190 € par mois.',
      'fr',
      'CargoLoop',
    );
    expect(fr.prices[0]).toBe('190 € par mois');
    const en = parseBusinessModel(
      'ParkDesk sells an annual subscription of $6,000 to small hospitals.',
      'en',
      'ParkDesk',
    );
    expect(en.prices[0]).toMatch(/^annual subscription of \$6,000/);
  });

  it('keeps the channels named before a partner in the same sentence', () => {
    const m = parseBusinessModel(
      "ContaFacile aiuta i bar a tenere la contabilità. Vendiamo tramite le associazioni di categoria e i commercialisti, e collaboriamo con l'Università di Bologna.",
      'it',
      'ContaFacile',
    );
    expect(m.channels).toEqual(['le associazioni di categoria', 'i commercialisti']);
  });

  it('writes a draft from a labelled description with no question where it gave an answer', () => {
    const data = builtinProjectData({
      name: 'LavaYa',
      description: [
        '- pa quién: lavanderías de barrio en Monterrey',
        '- dolor: las máquinas se descomponen y el técnico tarda una semana',
        '- precio: $450 al mes por local',
        '- canales: distribuidores de jabón industrial',
        '- socios: un taller de refacciones',
        '- costos: técnicos, refacciones',
      ].join('\n'),
      language: 'es-US',
      experiments: false,
    });
    for (const section of [
      'customerSegments',
      'revenueStreams',
      'channels',
      'keyPartners',
      'costStructure',
    ]) {
      const titles = data.hypotheses.filter((h) => h.section === section).map((h) => h.title);
      expect(titles.length, section).toBeGreaterThan(0);
      expect(
        titles.some((t) => t.startsWith('¿')),
        `${section}: ${titles.join(' | ')}`,
      ).toBe(false);
    }
  });

  it('never says a word twice in a row, nor pastes 12 words, even where the founder did', () => {
    const description =
      "aki en LA la gente contrata músicos x el compadre y ahi empieza el problema: llegan tarde o no llegan. C'est l'appli qu'il faut pour trouver le musicien qui manque à la fête.";
    const data = builtinProjectData({
      name: 'Toca',
      description,
      language: 'es-US',
      experiments: true,
    });
    const texts = [
      ...data.hypotheses.flatMap((h) => [h.title, h.description]),
      ...Object.values(data.dashboard),
      ...data.experiments.flatMap((e) => [e.title, e.statement, e.description]),
    ];
    const copies = copiesFrom(description);
    for (const text of texts) {
      expect(text).not.toMatch(/(?<![\p{L}])(\p{L}+)\s+\1(?![\p{L}])/iu);
      expect(copies(text), text).toBe(false);
    }
  });

  it('reads a pain named outright, and a pain reported without who reported it', () => {
    const es = parseBusinessModel(
      'TurnoFácil agenda citas para barberías. El problema es que los clientes cancelan a última hora, y la silla se queda vacía.',
      'es',
      'TurnoFácil',
    );
    expect(es.pains[0]).toBe('los clientes cancelan a última hora');
    const en = parseBusinessModel(
      'FixNow books plumbers for property managers. Managers tell us they lose a week waiting for a plumber to show up.',
      'en',
      'FixNow',
    );
    expect(en.pains.join(' | ')).toMatch(/(?:^|\| )they lose a week/);
    expect(en.pains.join(' | ')).not.toMatch(/tell us/);
  });

  it('names the payment processor and a partner in apposition as partners', () => {
    const it = parseBusinessModel(
      'Prenotami gestisce le prenotazioni dei lidi in Liguria. I pagamenti passano da Satispay.',
      'it',
      'Prenotami',
    );
    expect(it.partners).toContain('Satispay');
    const es = parseBusinessModel(
      'Ahorra es una cuenta de ahorro para trabajadores del campo. La emite Banco Andino Rural, nuestro banco aliado.',
      'es',
      'Ahorra',
    );
    expect(es.partners).toContain('Banco Andino Rural');
    const pt = parseBusinessModel(
      'Recicla coleta papelão de mercados e revende o material para uma fábrica de embalagens em Goiás, nossa principal parceira.',
      'pt',
      'Recicla',
    );
    expect(pt.partners.join(' ')).toMatch(/fábrica de embalagens/);
  });

  it('reads a voice memo in lower case: its rental price per day, its costs named in the singular, its suppliers', () => {
    const pt = parseBusinessModel(
      [
        'bom, gravando aqui no ônibus. a ideia da escada certa é o seguinte, é, o pintor autônomo, ' +
          'o cara que pinta apartamento, ele não tem escada grande e perde a manhã buscando em depósito.',
        'então no app ele reserva e a gente entrega no prédio. o aluguel é por dia, escada sai 2 reais a unidade por dia, ' +
          'a entrega é 40 reais ida e volta, e a caução a gente troca por um seguro de 5%. os pintores a gente acha nos grupos de whats e no instagram.',
        'a gente pega das fábricas de escadas que têm sobra no galpão e divide o valor.',
        'custo é caminhão, motorista e seguro.',
      ].join(' '),
      'pt',
      'Escada Certa',
    );
    expect(pt.segments[0]).toBe('pintores autônomos');
    expect(pt.pains.join(' | ')).not.toMatch(/o cara/);
    expect(pt.solutions.join(' | ')).not.toMatch(/seguinte/);
    expect(pt.prices[0]).toBe('2 reais a unidade por dia');
    expect(pt.prices.join(' | ')).not.toMatch(/reais ida|reais a$/);
    // "nos grupos" is "in the groups", not "us": the organisers are not partners.
    expect(pt.partners).toEqual(['fábricas de escadas']);
    expect(pt.channels.join(' | ')).toMatch(/grupos de whats/);
    expect(pt.costs).toEqual(['caminhão', 'motorista', 'seguro']);
    const en = parseBusinessModel(
      'BrewBox ships fresh coffee to offices. We buy green beans from Finca Alta and Monte Verde and roast them weekly. Pricing: $60 a month per office.',
      'en',
      'BrewBox',
    );
    expect(en.partners).toEqual(['Finca Alta', 'Monte Verde']);
    const es = parseBusinessModel(
      'TacoCart renta carritos de tacos para fiestas. costo: gas, carritos y seguro.',
      'es',
      'TacoCart',
    );
    expect(es.costs).toEqual(['gas', 'carritos', 'seguro']);
  });

  it('writes a segment named in the singular in the plural, and leaves one with its own number as written', () => {
    const seg = (text: string, lang: 'en' | 'es' | 'fr' | 'it' | 'pt', name: string) =>
      parseBusinessModel(text, lang, name).segments[0];
    expect(
      seg('Vetly is for the small clinic owner who runs a practice alone.', 'en', 'Vetly'),
    ).toMatch(/^small clinic owners\b/);
    expect(seg('Cuadra es para el plomero independiente de barrio.', 'es', 'Cuadra')).toBe(
      'los plomeros independientes de barrio',
    );
    expect(seg('Vigna Facile è pensato per il viticoltore di collina.', 'it', 'Vigna Facile')).toBe(
      'i viticoltori di collina',
    );
    expect(seg('Ruchette est conçu pour les apiculteurs amateurs.', 'fr', 'Ruchette')).toBe(
      'les apiculteurs amateurs',
    );
  });

  it('reads a founder’s story: a person of it is no segment, what the business spends is no pain, who sends customers is the channel, what others earn is no price', () => {
    const story = [
      'Les cuento cómo empezó, porque no fue un plan de negocio.',
      'Mi tío Beto tiene 74 años y vive solo en El Paso.',
      'Hablando con otros vecinos vi que pasa en todas partes: los hijos no pueden ir cada semana a revisar la casa.',
      'Vecino Fiel manda a un técnico cada mes a revisar la casa y le manda fotos a la familia.',
      'Son $49 al mes y lo pagan los hijos con tarjeta; las ferreterías ganan 5 dólares por cliente que nos mandan.',
      'Nos encuentran en las iglesias, y las ferreterías del barrio nos mandan clientes.',
      'Una aseguradora con licencia nos da la póliza.',
      'Lo que más gastamos: sueldos de los técnicos y gasolina.',
      'Hoy las familias usan al vecino o nada.',
    ].join(' ');
    const m = parseBusinessModel(story, 'es', 'Vecino Fiel');
    expect(m.segments.join(' | ')).not.toMatch(/tío|negocio/);
    expect(m.pains[0]).toMatch(/^los hijos no pueden ir cada semana/);
    expect(m.pains.join(' | ')).not.toMatch(/gastamos/);
    expect(m.channels).toContain('las ferreterías del barrio');
    expect(m.channels.join(' | ')).not.toMatch(/mandan/);
    expect(m.prices).toEqual(['$49 al mes']);
    expect(m.partners[0]).toBe('una aseguradora con licencia');
    // "usan al vecino": the personal "a" goes with the verb, not with what they use.
    expect(m.alternatives[0]).toBe('el vecino');
    // The partner's number does not matter to the sentence it is written into.
    const data = builtinProjectData({
      name: 'Vecino Fiel',
      description: story,
      language: 'es-US',
      experiments: false,
    });
    const partner = data.hypotheses.find((h) => h.section === 'keyPartners')!;
    expect(partner.title).toBe(
      'Vecino Fiel puede contar con el apoyo de una aseguradora con licencia',
    );
  });

  it('reads chat shorthand for "por", and a labelled list of costs as costs only', () => {
    const m = parseBusinessModel(
      'tortilla ya es una app pa pedir tortillas a domicilio. los clientes llegan x tiktok y x las tienditas q nos recomiendan. gastos: anuncios en facebook, un repartidor y gasolina.',
      'es',
      'Tortilla Ya',
    );
    expect(m.channels.slice(0, 2)).toEqual(['tiktok', 'las tienditas']);
    expect(m.channels.join(' | ')).not.toMatch(/facebook|repartidor/);
    expect(m.costs).toEqual(['anuncios en facebook', 'un repartidor', 'gasolina']);
  });

  it('writes a French plural segment with the determiner it needs', () => {
    const data = builtinProjectData({
      name: 'Ferraille',
      description:
        "Mes parents ont une casse auto dans l'Aveyron. Ferraille est une appli qui aide les garages indépendants à trouver une pièce d'occasion. Prix : 29 € par mois.",
      language: 'fr-FR',
      experiments: false,
    });
    const first = data.hypotheses.find((h) => h.section === 'customerSegments')!;
    expect(first.title).toBe('Les premiers clients de Ferraille seront des garages indépendants');
  });

  it('reads whom a story’s product acts on as its customers, when no one is named before', () => {
    const m = parseBusinessModel(
      'Vou contar como começou. Minha avó Dirce tem 84 anos e mora sozinha em Campinas. No ano passado ela perdeu duas consultas porque ninguém podia levar. Então o Leva Junto é assim: um motorista acompanha os idosos até a consulta e anota o que o médico disse. Custa R$ 60 por consulta.',
      'pt',
      'Leva Junto',
    );
    expect(m.segments).toEqual(['idosos']);
  });

  it('reads money owed to customers as theirs, a share the business keeps as a price, a condition as no action, and writes an action with its own subject as said', () => {
    const description = [
      'What is it? RentBack gets tenants their deposit back when a landlord keeps it.',
      "Who's it for? Renters in Ohio who are owed between $900 and $3,000 on a deposit invoice that is 45 days overdue.",
      'What do we do? A paralegal drafts the demand. If the landlord still stalls, we file in small claims for you.',
      'What does it cost? $59 per demand, and we keep 20% of what we recover.',
    ].join('\n');
    const m = parseBusinessModel(description, 'en', 'RentBack');
    // The deposit owed is the renters' money, never what RentBack charges; its share is.
    expect(m.prices).toEqual(['$59 per demand', '20% of what we recover']);
    expect(m.solutions.join(' | ')).not.toMatch(/stalls/);
    // What "we" do is what RentBack does.
    expect(m.solutions).toContain('files in small claims for you');
    const products = writeValueProposition(m, 'en', {
      customerJobs: [],
      pains: [],
      gains: [],
      productsAndServices: [],
      painRelievers: [],
      gainCreators: [],
    }).productsAndServices;
    // "A paralegal drafts the demand" has its subject: no "RentBack a paralegal drafts…".
    expect(products).toContain('A paralegal drafts the demand');
    expect(products.join(' | ')).not.toMatch(/RentBack (?:you|we|a|the)\b/);
    expect(products[0]).toMatch(/^RentBack gets tenants their deposit back/);
    // A share paid to the business, as a range, in French; and no cost per player as a price.
    const fr = parseBusinessModel(
      "Revenus : l'abonnement coûte 6 € par mois, et le club nous reverse 8 à 12 % de chaque réservation. Coûts : la pub, environ 5 € par joueur recruté.",
      'fr',
      'Quatuor',
    );
    expect(fr.prices).toEqual(['6 € par mois', '8 à 12 % de chaque réservation']);
  });

  it('reads notes that name what is offered without a verb, type "pa" for "para", and give an example beside the price', () => {
    const es = parseBusinessModel(
      [
        '- qué: jardineros y podadores de planta por visita pa condominios de Monterrey',
        '- pa quién: administradores de condominios',
        '- precio: la cuota del jardinero + 20% de comisión (ej. $300/visita → $360/visita)',
      ].join('\n'),
      'es',
      'Verde Ya',
    );
    expect(es.solutions[0]).toBe('ofrece jardineros y podadores de planta por visita');
    expect(es.prices[0]).toBe('20% de comisión');
    expect(es.prices.join(' | ')).not.toContain('→');
    // An example is the price when nothing else is; an English plural may be a verb: left as said.
    const en = parseBusinessModel(
      '- what: tutors by the hour for nursing students\n- price: e.g. $45 per session',
      'en',
      'Prep Pal',
    );
    expect(en.prices[0]).toBe('$45 per session');
    expect(en.solutions[0]).not.toMatch(/^offers/);
  });

  it('keeps an age range with the people it qualifies, never half of it', () => {
    const fr = parseBusinessModel(
      'Clé de Sol donne des cours de piano à domicile. On vise des parents de 30 à 45 ans, qui veulent un prof près de Nantes.',
      'fr',
      'Clé de Sol',
    );
    expect(fr.segments[0]).toBe('parents de 30 à 45 ans');
    const it = parseBusinessModel(
      'Piano Facile insegna il piano a domicilio a genitori di 30 a 45 anni, che vivono a Bergamo.',
      'it',
      'Piano Facile',
    );
    expect(it.segments[0]).toBe('genitori di 30 a 45 anni');
  });

  it('reads a pitch in questions opened by "¿", and what "we" do as what the business does', () => {
    const es = parseBusinessModel(
      [
        '> ¿Quién es el cliente?',
        'Talleres mecánicos de barrio con 1 a 3 elevadores.',
        '> ¿Qué hacen?',
        'Recogemos el aceite usado y entregamos el certificado de disposición.',
        '> ¿Cuánto cuesta?',
        '$15 por tambo.',
      ].join('\n'),
      'es',
      'Aceite Limpio',
    );
    expect(es.segments[0]).toBe('Talleres mecánicos de barrio');
    expect(es.solutions[0]).toMatch(/^recoge el aceite usado y entrega/);
    expect(es.prices[0]).toBe('$15 por tambo');
    const it = parseBusinessModel(
      'Cosa fate? Noi ritiriamo le biciclette in ufficio e le ripariamo entro sera.',
      'it',
      'Pedala',
    );
    expect(it.solutions[0]).toMatch(/^ritira le biciclette/);
  });

  it('reads a casual memo: people named by what they do, what "we" do and where "we" find them, a flat price', () => {
    const m = parseBusinessModel(
      'ok so basically: mobile dog grooming for apartment renters in austin. we come to the building, wash and trim in 45 min, $70 flat. we find clients at the dog parks and in the neighborhood facebook groups. costs are the van, shampoo and my time.',
      'en',
      'SudsVan',
    );
    expect(m.segments[0]).toMatch(/^apartment renters/);
    expect(m.solutions[0]).toBe('comes to the building');
    expect(m.prices).toEqual(['$70 flat']);
    expect(m.channels).toEqual(['the dog parks', 'the neighborhood facebook groups']);
    // "Installs by Voltline" names a partner; "install labor" is a cost: neither is an action.
    const partners = parseBusinessModel(
      'We install heat pumps in old houses. Partners: Installs by Northwind. Biggest costs: install labor, hardware.',
      'en',
      'Heatly',
    );
    expect(partners.solutions).toEqual(['installs heat pumps in old houses']);
  });

  it('reads a Portuguese pitch typed as spoken: "pra quem", what it is, the share "a gente" keeps, how people find it', () => {
    const m = parseBusinessModel(
      [
        'O que é? Uma plataforma pra alugar ferramentas em Curitiba.',
        'Pra quem? Marceneiros que trabalham sozinhos.',
        'O que vocês fazem? Entregamos a ferramenta na oficina e buscamos no fim do dia.',
        'Quanto custa? R$ 40 a diária, a gente fica com 20%.',
        'Como acham vocês? Lojas de madeira e grupos no Facebook.',
      ].join('\n'),
      'pt',
      'Ferramenta Já',
    );
    expect(m.segments).toEqual(['marceneiros']);
    expect(m.solutions).toContain('é uma plataforma pra alugar ferramentas em Curitiba');
    expect(m.solutions.join(' | ')).toMatch(/entrega a ferramenta na oficina e busca/);
    expect(m.prices).toEqual(['R$ 40 a diária', '20%']);
    expect(m.channels).toEqual(['lojas de madeira', 'grupos no Facebook']);
  });

  it('reads a price per session said with an article, and no cost listed under "costs:" as a price', () => {
    const read = (lang: 'en' | 'fr' | 'it' | 'es', text: string) =>
      parseBusinessModel(text, lang, 'Swim').prices[0];
    expect(read('en', 'We send a coach to your pool, $35 a session.')).toBe('$35 a session');
    expect(read('fr', 'Nous envoyons un coach chez vous, 35 € la séance.')).toBe('35 € la séance');
    expect(read('it', 'Mandiamo un istruttore a casa, 35 euro a lezione.')).toBe(
      '35 euro a lezione',
    );
    expect(read('es', 'Mandamos un instructor a tu casa, 35 dólares la clase.')).toBe(
      '35 dólares la clase',
    );
    expect(read('en', 'Tips reached $35 a few times.')).toBeUndefined();
    const costs = parseBusinessModel(
      'Costi: sensori e installazione (circa 900 € a stazione), marketing.',
      'it',
      'Meteo',
    );
    expect(costs.prices).toEqual([]);
  });

  it('reads a reply to an email: what opens it is no channel, "leur problème, c\'est…" names the pain; an English product named without a verb is offered', () => {
    const fr = parseBusinessModel(
      "Bonjour Julie, merci pour votre retour. Pour répondre à vos questions : nos clients sont les kinés libéraux. Leur problème, c'est l'agenda : ils perdent 2 h par semaine à rappeler les patients. On passe par les ordres régionaux.",
      'fr',
      'Kiné+',
    );
    expect(fr.channels.join(' | ')).not.toMatch(/répondre/);
    expect(fr.pains).not.toContain('leur problème');
    expect(fr.pains.join(' | ')).toMatch(/perdent 2 h par semaine/);
    const en = parseBusinessModel(
      '- product: refillable cleaning kits for short-term rental hosts\n- price: $25 a kit',
      'en',
      'Fresh Turn',
    );
    expect(en.solutions[0]).toBe('offers refillable cleaning kits for short-term rental hosts');
    const verb = parseBusinessModel(
      '- what: run the turnover cleaning for hosts',
      'en',
      'Fresh Turn',
    );
    expect(verb.solutions.join(' | ')).not.toMatch(/offers run/);
  });

  it('reads what "a gente" does mid-sentence, a service named by its noun, and riders as people', () => {
    const pt = parseBusinessModel(
      'A gente criou o Avisa Já: a clínica cadastra a agenda e a gente manda lembrete no WhatsApp na véspera. Custa R$ 49 por mês.',
      'pt',
      'Avisa Já',
    );
    expect(pt.solutions).toContain('manda lembrete no WhatsApp na véspera');
    const it = parseBusinessModel(
      '- cosa: riparazione monopattini a domicilio per rider di Bologna\n- prezzo: 20 € a intervento',
      'it',
      'MonoFix',
    );
    expect(it.solutions[0]).toMatch(/^offre riparazione monopattini a domicilio/);
    // "On joue à 4": a figure says what it is, not what the business does.
    const fr = parseBusinessModel(
      'On joue à 4 au padel. On envoie un remplaçant en 2 heures.',
      'fr',
      'Q',
    );
    expect(fr.solutions.join(' | ')).not.toMatch(/joue/);
  });
});
