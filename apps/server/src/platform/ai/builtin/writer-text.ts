/**
 * The business-model writer's sentences, per language (a data table). Each takes phrases the
 * parser kept from the description and builds a testable statement around them; where the
 * description is silent, a neutral question stands instead. The founder's phrases sit where no
 * agreement depends on them (after a preposition, in quotes, in brackets, or as the object), so
 * the sentence stays grammatical whatever the phrase is. `p(prep, phrase)` joins a preposition
 * to a phrase with the language's contractions (de + el → del, à + les → aux, di + il → del…).
 */
import { frDeterminer } from './writer-phrases.ts';
import type { Lang } from './text.ts';

type P = (prep: string, phrase: string) => string;
export interface WriterText {
  q: [string, string];
  customers: string;
  and: string;
  segmentFirst: (name: string, seg: string) => string;
  segmentPain: (seg: string, pain: string, p: P) => string;
  segmentQuestion: (name: string, p: P) => string;
  painQuestion: (name: string, p: P) => string;
  solution: (name: string, solution: string) => string;
  solutionQuestion: (name: string, p: P) => string;
  versus: (name: string, alternative: string, p: P) => string;
  relieves: (name: string, pain: string) => string;
  versusQuestion: (name: string, p: P) => string;
  channel: (name: string, channel: string, p: P) => string;
  channelPaying: (name: string, channel: string, p: P) => string;
  channelQuestion: (name: string, p: P) => string;
  relationshipStay: (name: string) => string;
  relationshipRefer: (name: string) => string;
  price: (name: string, price: string, seg: string, p: P) => string;
  priceAlso: (name: string, price: string) => string;
  priceCovers: (price: string, p: P) => string;
  priceQuestion: (name: string, p: P) => string;
  payerQuestion: (name: string, p: P) => string;
  activity: (solution: string) => string;
  activityScale: (name: string) => string;
  activityQuestion: (name: string, p: P) => string;
  resource: (name: string, resource: string) => string;
  resourceQuestion: (name: string, p: P) => string;
  resourceMoat: (name: string, p: P) => string;
  partner: (name: string, partner: string, p: P) => string;
  partnerWorks: (name: string, partner: string, p: P) => string;
  partnerQuestion: (name: string, p: P) => string;
  costs: (costs: string) => string;
  costsFall: (name: string) => string;
  costQuestion: (name: string, p: P) => string;
  /** The first line of a hypothesis's description. */
  because: (facts: string) => string;
  silent: string;
  untested: string;
  howTo: Record<string, string>;
  whoFor: (segs: string) => string;
  problem: (pains: string) => string;
  solutionStatement: (name: string, sols: string) => string;
  whyNot: (name: string, alternatives: string) => string;
  lead: (name: string, solution: string, seg: string, p: P) => string;
  gain: (pain: string) => string;
  reliever: (name: string, solution: string, pain: string) => string;
  creator: (name: string, solution: string) => string;
  job: (seg: string, p: P) => string;
  interviewsTitle: (seg: string, p: P) => string;
  interviewsPlan: (seg: string, pain: string, p: P) => string;
  smokeTitle: (name: string, p: P) => string;
  smokePlan: (name: string, what: string, where: string, p: P) => string;
  preSaleTitle: (name: string, price: string, p: P) => string;
  preSalePlan: (seg: string, price: string, p: P) => string;
  theProblem: string;
  gainQuestion: (name: string, p: P) => string;
  relieverQuestion: (name: string, pain: string, p: P) => string;
  creatorQuestion: (name: string, p: P) => string;
  whatItDoes: string;
  theirChannels: string;
  aPrice: string;
}

export const WRITER_TEXT: Record<Lang, WriterText> = {
  en: {
    q: ['“', '”'],
    customers: 'customers',
    and: 'and',
    segmentFirst: (n, s) => `The first customers of ${n} will be ${s}`,
    segmentPain: (s, pain) => `For ${s}, “${pain}” is a frequent and costly problem`,
    segmentQuestion: (n) => `Who needs ${n} most, and how many of them are there?`,
    painQuestion: (n) => `Which problem makes customers look for something like ${n}?`,
    solution: (n, s) => `${n} ${s}, and that is what wins customers over`,
    solutionQuestion: (n) => `What makes ${n} worth switching to?`,
    versus: (n, a) => `${n} does the job better than ${a}`,
    relieves: (n, pain) => `With ${n}, “${pain}” stops being a problem`,
    versusQuestion: (n) => `What do customers use today instead of ${n}?`,
    channel: (n, c) => `${n} reaches its first customers through ${c}`,
    channelPaying: (n, c) => `Through ${c}, ${n} wins paying customers, not just visitors`,
    channelQuestion: (n) => `Where can ${n} find its first customers?`,
    relationshipStay: (n) =>
      `Customers keep using ${n} after the first month without personal help`,
    relationshipRefer: (n) => `The first customers recommend ${n} to others like them`,
    price: (n, price, seg) => `${seg} will pay ${price} for ${n}`,
    priceAlso: (n, price) => `${n} can also earn ${price}`,
    priceCovers: (price) => `At ${price}, each customer covers what it costs to serve them`,
    priceQuestion: (n) => `How much will customers pay for ${n}, and how often?`,
    payerQuestion: (n) => `Who pays for ${n}: the people who use it, or someone else?`,
    activity: (s) => `The team can do this well every week: ${s}`,
    activityScale: (n) => `Serving one more customer of ${n} takes little extra work`,
    activityQuestion: (n) => `Which activity must ${n} do better than anyone else?`,
    resource: (n, r) => `${n} can get ${r} at a cost it can carry`,
    resourceQuestion: (n) => `Which skill or asset does ${n} need that the team lacks?`,
    resourceMoat: (n) => `What ${n} learns from its customers is hard for others to copy`,
    partner: (n, partner) => `${n} can count on ${partner} as a partner`,
    partnerWorks: (n, partner) => `Working with ${partner} brings ${n} customers or capabilities`,
    partnerQuestion: (n) => `Which partner could bring ${n} customers or capabilities?`,
    costs: (c) => `The main costs (${c}) stay below what customers pay`,
    costsFall: (n) => `The cost of serving each customer falls as ${n} grows`,
    costQuestion: (n) => `What does it cost to serve one customer of ${n}?`,
    because: (f) => `Generated by the Assay agent from your description: ${f}.`,
    silent:
      'Generated by the Assay agent: your description does not say yet, so this is what to find out first.',
    untested: 'Untested until you connect evidence to it.',
    howTo: {
      customerSegments:
        'How to test: interview people of this group about the last time the problem happened and what they did.',
      valuePropositions:
        'How to test: show the offer to people with the problem and count who asks to try it.',
      channels:
        'How to test: run a small campaign through this channel and count sign-ups per hour or per dollar spent.',
      customerRelationships:
        'How to test: follow the first customers for a month and note who keeps using it and why.',
      revenueStreams:
        'How to test: ask for a pre-order or a letter of intent at this price and count who commits.',
      keyActivities: 'How to test: do it by hand for the first customers and time each step.',
      keyResources: 'How to test: list what it takes, then check it with someone who has done it.',
      keyPartners:
        'How to test: ask this partner for a first meeting and what they would need from you.',
      costStructure:
        'How to test: add up what the first customers cost to serve and compare it with what they pay.',
    },
    whoFor: (s) => `For ${s}.`,
    problem: (pains) => `What hurts today: ${pains}.`,
    solutionStatement: (n, s) => `What ${n} does: ${s}.`,
    whyNot: (n, a) => `Today customers use ${a}; ${n} has to do the job better.`,
    lead: (n, s, seg) => `${n} ${s}, for ${seg}.`,
    gain: (pain) => `No more “${pain}”`,
    reliever: (n, s, pain) => `${n} ${s} (against “${pain}”)`,
    creator: (n, s) => `${n} ${s}`,
    job: (seg) => `Keep the work of ${seg} running without losing time or money`,
    interviewsTitle: (seg) => `Problem interviews with ${seg}`,
    interviewsPlan: (seg, pain) =>
      `Talk to ${seg} about the last time ${pain} happened: what they did, what it cost them and what they tried. Ask about past behaviour, not opinions; pitch nothing until the end.`,
    smokeTitle: (n) => `A one-page offer for ${n}`,
    smokePlan: (n, what, where) =>
      `Publish one page that says what ${n} does (${what}) and send people to it from ${where}. Count who leaves an email or asks for a demo.`,
    preSaleTitle: (n, price) => `Pre-sale of ${n} at ${price}`,
    preSalePlan: (seg, price) =>
      `Offer ${seg} a pre-order or a letter of intent at ${price}. Count who commits, and ask the others what stopped them.`,
    theProblem: 'the problem',
    whatItDoes: 'what it does',
    theirChannels: 'the places these customers already go',
    aPrice: 'a stated price',
    gainQuestion: (n) => `What would customers gain if ${n} worked as promised?`,
    relieverQuestion: (n, pain) => `How does ${n} take away ${pain}?`,
    creatorQuestion: (n) => `What does ${n} add that customers would pay for?`,
  },
  es: {
    q: ['“', '”'],
    customers: 'los clientes',
    and: 'y',
    segmentFirst: (n, s) => `Los primeros clientes de ${n} serán ${s}`,
    segmentPain: (s, pain, p) =>
      `${cap(p('para', s))}, “${pain}” es un problema frecuente y costoso`,
    segmentQuestion: (n) => `¿Quién necesita más ${n} y cuántos son?`,
    painQuestion: (n) => `¿Qué problema lleva a los clientes a buscar algo como ${n}?`,
    solution: (n, s) => `${n} ${s}, y eso es lo que convence a los clientes`,
    solutionQuestion: (n) => `¿Qué hace que valga la pena cambiarse a ${n}?`,
    versus: (n, a) => `${n} resuelve el problema mejor que ${a}`,
    relieves: (n, pain) => `Con ${n}, “${pain}” deja de ser un problema`,
    versusQuestion: (n) => `¿Qué usan hoy los clientes en lugar de ${n}?`,
    channel: (n, c, p) => `${n} llega a sus primeros clientes a través ${p('de', c)}`,
    channelPaying: (n, c, p) =>
      `A través ${p('de', c)}, ${n} consigue clientes que pagan, no solo curiosos`,
    channelQuestion: (n) => `¿Dónde puede encontrar ${n} a sus primeros clientes?`,
    relationshipStay: (n) =>
      `Los clientes siguen usando ${n} después del primer mes sin ayuda personal`,
    relationshipRefer: (n) => `Los primeros clientes recomiendan ${n} a otros como ellos`,
    price: (n, price, seg, p) => `${n} puede cobrar ${price} ${p('a', seg)}`,
    priceAlso: (n, price) => `${n} también puede ganar ${price}`,
    priceCovers: (price) => `Con ${price}, cada cliente cubre lo que cuesta atenderlo`,
    priceQuestion: (n) => `¿Cuánto pagarán los clientes por ${n}, y cada cuánto?`,
    payerQuestion: (n) => `¿Quién paga por ${n}: quienes lo usan o alguien más?`,
    activity: (s) => `El equipo puede hacer esto bien cada semana: ${s}`,
    activityScale: (n) => `Atender a un cliente más de ${n} cuesta poco trabajo extra`,
    activityQuestion: (n) => `¿Qué actividad debe hacer ${n} mejor que nadie?`,
    resource: (n, r) => `${n} puede conseguir ${r} a un costo que puede sostener`,
    resourceQuestion: (n) => `¿Qué habilidad o recurso necesita ${n} que al equipo le falta?`,
    resourceMoat: (n) => `Lo que ${n} aprende de sus clientes es difícil de copiar`,
    partner: (n, partner, p) => `${n} puede contar con el apoyo ${p('de', partner)}`,
    partnerWorks: (n, partner) => `Trabajar con ${partner} aporta clientes o capacidades a ${n}`,
    partnerQuestion: (n) => `¿Qué aliado podría aportar clientes o capacidades a ${n}?`,
    costs: (c) => `Los costos principales (${c}) quedan por debajo de lo que pagan los clientes`,
    costsFall: (n) => `El costo de atender a cada cliente baja a medida que ${n} crece`,
    costQuestion: (n) => `¿Cuánto cuesta atender a un cliente de ${n}?`,
    because: (f) => `Generada por el agente de Assay a partir de tu descripción: ${f}.`,
    silent:
      'Generada por el agente de Assay: tu descripción aún no lo dice, así que es lo primero que hay que averiguar.',
    untested: 'Sin probar hasta que conectes evidencia.',
    howTo: {
      customerSegments:
        'Cómo probarla: entrevista a personas de este grupo sobre la última vez que tuvieron el problema y qué hicieron.',
      valuePropositions:
        'Cómo probarla: muestra la oferta a personas con el problema y cuenta quién pide probarla.',
      channels:
        'Cómo probarla: haz una campaña pequeña por este canal y cuenta los registros por hora o por dólar gastado.',
      customerRelationships:
        'Cómo probarla: sigue a los primeros clientes durante un mes y anota quién sigue usándolo y por qué.',
      revenueStreams:
        'Cómo probarla: pide una reserva o una carta de intención a este precio y cuenta quién se compromete.',
      keyActivities: 'Cómo probarla: hazlo a mano para los primeros clientes y mide cada paso.',
      keyResources:
        'Cómo probarla: haz la lista de lo que hace falta y revísala con alguien que ya lo haya hecho.',
      keyPartners:
        'Cómo probarla: pide una primera reunión a este aliado y pregunta qué necesitaría de ti.',
      costStructure:
        'Cómo probarla: suma lo que cuesta atender a los primeros clientes y compáralo con lo que pagan.',
    },
    whoFor: (s) => `Para ${s}.`,
    problem: (pains) => `Lo que duele hoy: ${pains}.`,
    solutionStatement: (n, s) => `Lo que hace ${n}: ${s}.`,
    whyNot: (n, a) => `Hoy los clientes usan ${a}; ${n} tiene que hacerlo mejor.`,
    lead: (n, s, seg, p) => `${n} ${s}, ${p('para', seg)}.`,
    gain: (pain) => `Sin “${pain}”`,
    reliever: (n, s, pain) => `${n} ${s} (contra “${pain}”)`,
    creator: (n, s) => `${n} ${s}`,
    job: (seg, p) => `Mantener el trabajo ${p('de', seg)} sin perder tiempo ni dinero`,
    interviewsTitle: (seg, p) => `Entrevistas de problema ${p('con', seg)}`,
    interviewsPlan: (seg, pain, p) =>
      `Habla ${p('con', seg)} sobre la última vez que vivieron ${pain}: qué hicieron, cuánto les costó y qué probaron. Pregunta por lo que hicieron, no por opiniones; no presentes la idea hasta el final.`,
    smokeTitle: (n) => `Una página con la oferta de ${n}`,
    smokePlan: (n, what, where) =>
      `Publica una página que diga qué hace ${n} (${what}) y lleva gente a ella desde ${where}. Cuenta quién deja su correo o pide una demostración.`,
    preSaleTitle: (n, price) => `Preventa de ${n} a ${price}`,
    preSalePlan: (seg, price, p) =>
      `Ofrece ${p('a', seg)} una reserva o una carta de intención a ${price}. Cuenta quién se compromete y pregunta a los demás qué los frenó.`,
    theProblem: 'el problema',
    whatItDoes: 'lo que hace',
    theirChannels: 'los lugares donde ya están estos clientes',
    aPrice: 'un precio concreto',
    gainQuestion: (n) => `¿Qué ganarían los clientes si ${n} funciona como promete?`,
    relieverQuestion: (n, pain) => `¿Cómo elimina ${n} ${pain}?`,
    creatorQuestion: (n) => `¿Qué aporta ${n} por lo que los clientes pagarían?`,
  },
  fr: {
    q: ['« ', ' »'],
    customers: 'les clients',
    and: 'et',
    segmentFirst: (n, s) => `Les premiers clients de ${n} seront ${frDeterminer(s)}`,
    segmentPain: (s, pain, p) =>
      `${cap(p('pour', s))}, « ${pain} » est un problème fréquent et coûteux`,
    segmentQuestion: (n, p) => `Qui a le plus besoin ${p('de', n)}, et combien sont-ils ?`,
    painQuestion: (n) => `Quel problème pousse les clients à chercher une solution comme ${n} ?`,
    solution: (n, s) => `${n} ${s}, et c'est ce qui convainc les clients`,
    solutionQuestion: (n) => `Qu'est-ce qui donne envie de passer à ${n} ?`,
    versus: (n, a, p) => `${n} règle le problème mieux ${p('que', a)}`,
    relieves: (n, pain) => `Avec ${n}, « ${pain} » cesse d'être un problème`,
    versusQuestion: (n, p) => `Qu'utilisent les clients aujourd'hui à la place ${p('de', n)} ?`,
    channel: (n, c) => `${n} trouve ses premiers clients via ${c}`,
    channelPaying: (n, c) => `Via ${c}, ${n} gagne des clients payants, pas seulement des curieux`,
    channelQuestion: (n, p) => `Où trouver les premiers clients ${p('de', n)} ?`,
    relationshipStay: (n) =>
      `Les clients continuent d'utiliser ${n} après le premier mois sans aide personnelle`,
    relationshipRefer: (n) => `Les premiers clients recommandent ${n} à leurs pairs`,
    price: (n, price, seg, p) => `${n} peut facturer ${price} ${p('à', seg)}`,
    priceAlso: (n, price) => `${n} peut aussi gagner ${price}`,
    priceCovers: (price, p) =>
      `${cap(p('à', price))}, chaque client couvre ce qu'il coûte à servir`,
    priceQuestion: (n) => `Combien les clients paieront-ils pour ${n}, et à quel rythme ?`,
    payerQuestion: (n) => `Qui paie pour ${n} : ceux qui l'utilisent, ou quelqu'un d'autre ?`,
    activity: (s) => `L'équipe peut bien faire ceci chaque semaine : ${s}`,
    activityScale: (n) => `Servir un client de plus coûte peu de travail à l'équipe de ${n}`,
    activityQuestion: (n) => `Quelle activité ${n} doit-il faire mieux que tout le monde ?`,
    resource: (n, r) => `${n} peut obtenir ${r} à un coût supportable`,
    resourceQuestion: (n, p) =>
      `De quelle compétence ou ressource l'équipe ${p('de', n)} manque-t-elle ?`,
    resourceMoat: (n, p) =>
      `Ce que l'équipe ${p('de', n)} apprend de ses clients est difficile à copier`,
    partner: (n, partner, p) => `${n} peut compter sur le soutien ${p('de', partner)}`,
    partnerWorks: (n, partner, p) =>
      `Travailler avec ${partner} apporte des clients ou des compétences ${p('à', n)}`,
    partnerQuestion: (n, p) =>
      `Quel partenaire pourrait apporter des clients ou des compétences ${p('à', n)} ?`,
    costs: (c) => `Les principaux coûts (${c}) restent inférieurs à ce que paient les clients`,
    costsFall: (n) => `Le coût de service par client baisse à mesure que ${n} grandit`,
    costQuestion: (n, p) => `Combien coûte le service d'un client ${p('de', n)} ?`,
    because: (f) => `Générée par l'agent Assay d'après votre description : ${f}.`,
    silent:
      "Générée par l'agent Assay : votre description ne le dit pas encore, c'est donc la première chose à vérifier.",
    untested: "Non testée tant qu'aucune preuve n'y est reliée.",
    howTo: {
      customerSegments:
        'Comment la tester : interrogez des personnes de ce groupe sur la dernière fois où le problème est arrivé et ce qu’elles ont fait.',
      valuePropositions:
        "Comment la tester : montrez l'offre à des personnes qui ont le problème et comptez celles qui demandent à l'essayer.",
      channels:
        'Comment la tester : lancez une petite campagne sur ce canal et comptez les inscriptions par heure ou par euro dépensé.',
      customerRelationships:
        'Comment la tester : suivez les premiers clients pendant un mois et notez qui continue et pourquoi.',
      revenueStreams:
        "Comment la tester : demandez une précommande ou une lettre d'intention à ce prix et comptez qui s'engage.",
      keyActivities:
        'Comment la tester : faites-le à la main pour les premiers clients et chronométrez chaque étape.',
      keyResources:
        "Comment la tester : listez ce qu'il faut, puis vérifiez-le avec quelqu'un qui l'a déjà fait.",
      keyPartners:
        'Comment la tester : demandez un premier rendez-vous à ce partenaire et ce dont il aurait besoin.',
      costStructure:
        'Comment la tester : additionnez ce que coûtent les premiers clients et comparez avec ce qu’ils paient.',
    },
    whoFor: (s) => `Pour ${frDeterminer(s)}.`,
    problem: (pains) => `Ce qui coince : ${pains}.`,
    solutionStatement: (n, s) => `Ce que fait ${n} : ${s}.`,
    whyNot: (n, a) => `Aujourd'hui, les clients utilisent ${a} ; ${n} doit faire mieux.`,
    lead: (n, s, seg, p) => `${n} ${s}, ${p('pour', seg)}.`,
    gain: (pain) => `Ne plus subir « ${pain} »`,
    reliever: (n, s, pain) => `${n} ${s} (contre « ${pain} »)`,
    creator: (n, s) => `${n} ${s}`,
    job: (seg, p) => `Faire tourner l'activité ${p('de', seg)} sans perdre de temps ni d'argent`,
    interviewsTitle: (seg) => `Entretiens sur le problème avec ${seg}`,
    interviewsPlan: (seg, pain) =>
      `Parlez avec ${seg} de la dernière fois où ${pain} est arrivé : ce qu'ils ont fait, ce que cela a coûté, ce qu'ils ont essayé. Interrogez les faits passés, pas les opinions ; ne présentez rien avant la fin.`,
    smokeTitle: (n) => `Une page d'offre pour ${n}`,
    smokePlan: (n, what, where) =>
      `Publiez une page qui dit ce que fait ${n} (${what}) et amenez-y des visiteurs depuis ${where}. Comptez qui laisse son e-mail ou demande une démonstration.`,
    preSaleTitle: (n, price, p) => `Prévente ${p('de', n)} à ${price}`,
    preSalePlan: (seg, price, p) =>
      `Proposez ${p('à', seg)} une précommande ou une lettre d'intention à ${price}. Comptez qui s'engage et demandez aux autres ce qui les a retenus.`,
    theProblem: 'le problème',
    whatItDoes: 'ce qu’il fait',
    theirChannels: 'les lieux que ces clients fréquentent déjà',
    aPrice: 'un prix annoncé',
    gainQuestion: (n) => `Que gagneraient les clients si ${n} tenait sa promesse ?`,
    relieverQuestion: (n, pain) => `Comment ${n} supprime-t-il ${pain} ?`,
    creatorQuestion: (n) => `Qu'apporte ${n} que les clients paieraient ?`,
  },
  it: {
    q: ['«', '»'],
    customers: 'i clienti',
    and: 'e',
    segmentFirst: (n, s) => `I primi clienti di ${n} saranno ${s}`,
    segmentPain: (s, pain, p) => `${cap(p('per', s))}, «${pain}» è un problema frequente e costoso`,
    segmentQuestion: (n) => `Chi ha più bisogno di ${n}, e quanti sono?`,
    painQuestion: (n) => `Quale problema spinge i clienti a cercare qualcosa come ${n}?`,
    solution: (n, s) => `${n} ${s}, ed è questo che convince i clienti`,
    solutionQuestion: (n) => `Che cosa rende ${n} una scelta per cui vale la pena cambiare?`,
    versus: (n, a, p) => `${n} risolve il problema meglio ${p('di', a)}`,
    relieves: (n, pain) => `Con ${n}, «${pain}» smette di essere un problema`,
    versusQuestion: (n) => `Che cosa usano oggi i clienti al posto di ${n}?`,
    channel: (n, c) => `${n} raggiunge i primi clienti tramite ${c}`,
    channelPaying: (n, c) => `Tramite ${c}, ${n} conquista clienti paganti, non solo curiosi`,
    channelQuestion: (n) => `Dove può trovare ${n} i primi clienti?`,
    relationshipStay: (n) =>
      `I clienti continuano a usare ${n} dopo il primo mese senza assistenza personale`,
    relationshipRefer: (n) => `I primi clienti consigliano ${n} ad altri come loro`,
    price: (n, price, seg, p) => `${n} può chiedere ${price} ${p('a', seg)}`,
    priceAlso: (n, price) => `${n} può guadagnare anche ${price}`,
    priceCovers: (price, p) => `${cap(p('con', price))}, ogni cliente copre quanto costa servirlo`,
    priceQuestion: (n) => `Quanto pagheranno i clienti per ${n}, e ogni quanto?`,
    payerQuestion: (n) => `Chi paga per ${n}: chi lo usa o qualcun altro?`,
    activity: (s) => `Il team può farlo bene ogni settimana: ${s}`,
    activityScale: (n) => `Servire un cliente in più costa poco lavoro al team di ${n}`,
    activityQuestion: (n) => `Quale attività deve fare ${n} meglio di chiunque altro?`,
    resource: (n, r) => `${n} può ottenere ${r} a un costo sostenibile`,
    resourceQuestion: (n) => `Quale competenza o risorsa manca al team di ${n}?`,
    resourceMoat: (n) => `Ciò che ${n} impara dai clienti è difficile da copiare`,
    partner: (n, partner, p) => `${n} può contare ${p('su', partner)} come partner`,
    partnerWorks: (n, partner) => `Lavorare con ${partner} porta clienti o competenze a ${n}`,
    partnerQuestion: (n) => `Quale partner potrebbe portare clienti o competenze a ${n}?`,
    costs: (c) => `I costi principali (${c}) restano sotto quanto pagano i clienti`,
    costsFall: (n) => `Il costo per servire ogni cliente scende man mano che ${n} cresce`,
    costQuestion: (n) => `Quanto costa servire un cliente di ${n}?`,
    because: (f) => `Generata dall'agente di Assay dalla tua descrizione: ${f}.`,
    silent:
      "Generata dall'agente di Assay: la tua descrizione non lo dice ancora, quindi è la prima cosa da chiarire.",
    untested: 'Da verificare finché non colleghi delle prove.',
    howTo: {
      customerSegments:
        "Come verificarla: intervista persone di questo gruppo sull'ultima volta che hanno avuto il problema e su cosa hanno fatto.",
      valuePropositions:
        "Come verificarla: mostra l'offerta a chi ha il problema e conta chi chiede di provarla.",
      channels:
        'Come verificarla: fai una piccola campagna su questo canale e conta le iscrizioni per ora o per euro speso.',
      customerRelationships:
        'Come verificarla: segui i primi clienti per un mese e annota chi continua e perché.',
      revenueStreams:
        "Come verificarla: chiedi un preordine o una lettera d'intenti a questo prezzo e conta chi si impegna.",
      keyActivities:
        'Come verificarla: fallo a mano per i primi clienti e cronometra ogni passaggio.',
      keyResources:
        'Come verificarla: elenca cosa serve e controllalo con qualcuno che lo ha già fatto.',
      keyPartners:
        'Come verificarla: chiedi un primo incontro a questo partner e cosa gli servirebbe da te.',
      costStructure:
        'Come verificarla: somma quanto costano i primi clienti e confrontalo con quanto pagano.',
    },
    whoFor: (s) => `Per ${s}.`,
    problem: (pains) => `Cosa pesa oggi: ${pains}.`,
    solutionStatement: (n, s) => `Cosa fa ${n}: ${s}.`,
    whyNot: (n, a) => `Oggi i clienti usano ${a}; ${n} deve fare meglio.`,
    lead: (n, s, seg, p) => `${n} ${s}, ${p('per', seg)}.`,
    gain: (pain) => `Niente più «${pain}»`,
    reliever: (n, s, pain) => `${n} ${s} (contro «${pain}»)`,
    creator: (n, s) => `${n} ${s}`,
    job: (seg, p) => `Mandare avanti il lavoro ${p('di', seg)} senza perdere tempo né denaro`,
    interviewsTitle: (seg, p) => `Interviste sul problema ${p('con', seg)}`,
    interviewsPlan: (seg, pain, p) =>
      `Parla ${p('con', seg)} dell'ultima volta in cui è successo ${pain}: cosa hanno fatto, quanto è costato, cosa hanno provato. Chiedi dei fatti passati, non opinioni; non presentare l'idea fino alla fine.`,
    smokeTitle: (n) => `Una pagina con l'offerta di ${n}`,
    smokePlan: (n, what, where) =>
      `Pubblica una pagina che dice cosa fa ${n} (${what}) e porta visitatori da ${where}. Conta chi lascia l'email o chiede una demo.`,
    preSaleTitle: (n, price) => `Prevendita di ${n} a ${price}`,
    preSalePlan: (seg, price, p) =>
      `Offri ${p('a', seg)} un preordine o una lettera d'intenti a ${price}. Conta chi si impegna e chiedi agli altri cosa li ha frenati.`,
    theProblem: 'il problema',
    whatItDoes: 'cosa fa',
    theirChannels: 'i luoghi che questi clienti frequentano già',
    aPrice: 'un prezzo dichiarato',
    gainQuestion: (n) => `Che cosa guadagnerebbero i clienti se ${n} mantenesse la promessa?`,
    relieverQuestion: (n, pain) => `Come elimina ${n} ${pain}?`,
    creatorQuestion: (n) => `Che cosa offre ${n} per cui i clienti pagherebbero?`,
  },
  pt: {
    q: ['“', '”'],
    customers: 'os clientes',
    and: 'e',
    segmentFirst: (n, s) => `Os primeiros clientes de ${n} serão ${s}`,
    segmentPain: (s, pain, p) => `${cap(p('para', s))}, “${pain}” é um problema frequente e caro`,
    segmentQuestion: (n) => `Quem mais precisa de ${n}, e quantos são?`,
    painQuestion: (n) => `Que problema leva os clientes a procurar algo como ${n}?`,
    solution: (n, s) => `${n} ${s}, e isso convence os clientes`,
    solutionQuestion: (n) => `O que faz valer a pena trocar para ${n}?`,
    versus: (n, a) => `${n} resolve o problema melhor do que ${a}`,
    relieves: (n, pain) => `Com ${n}, “${pain}” deixa de ser um problema`,
    versusQuestion: (n) => `O que os clientes usam hoje no lugar de ${n}?`,
    channel: (n, c, p) => `${n} chega aos primeiros clientes por meio ${p('de', c)}`,
    channelPaying: (n, c, p) =>
      `Por meio ${p('de', c)}, ${n} conquista clientes pagantes, não só curiosos`,
    channelQuestion: (n) => `Onde ${n} pode encontrar os primeiros clientes?`,
    relationshipStay: (n) =>
      `Os clientes continuam usando ${n} depois do primeiro mês sem ajuda pessoal`,
    relationshipRefer: (n) => `Os primeiros clientes recomendam ${n} a outros como eles`,
    price: (n, price, seg, p) => `${n} consegue cobrar ${price} ${p('de', seg)}`,
    priceAlso: (n, price) => `${n} também pode ganhar ${price}`,
    priceCovers: (price) => `Com ${price}, cada cliente cobre o que custa atendê-lo`,
    priceQuestion: (n) => `Quanto os clientes vão pagar por ${n}, e com que frequência?`,
    payerQuestion: (n) => `Quem paga por ${n}: quem usa ou outra pessoa?`,
    activity: (s) => `A equipe consegue fazer isto bem toda semana: ${s}`,
    activityScale: (n) => `Atender mais um cliente de ${n} dá pouco trabalho extra`,
    activityQuestion: (n) => `Que atividade ${n} precisa fazer melhor do que ninguém?`,
    resource: (n, r) => `${n} consegue obter ${r} a um custo sustentável`,
    resourceQuestion: (n) => `Que habilidade ou recurso falta à equipe de ${n}?`,
    resourceMoat: (n) => `O que ${n} aprende com os clientes é difícil de copiar`,
    partner: (n, partner, p) => `${n} pode contar com o apoio ${p('de', partner)}`,
    partnerWorks: (n, partner) => `Trabalhar com ${partner} traz clientes ou capacidades para ${n}`,
    partnerQuestion: (n) => `Que parceiro poderia trazer clientes ou capacidades para ${n}?`,
    costs: (c) => `Os principais custos (${c}) ficam abaixo do que os clientes pagam`,
    costsFall: (n) => `O custo de atender cada cliente cai à medida que ${n} cresce`,
    costQuestion: (n) => `Quanto custa atender um cliente de ${n}?`,
    because: (f) => `Gerada pelo agente do Assay a partir da sua descrição: ${f}.`,
    silent:
      'Gerada pelo agente do Assay: a sua descrição ainda não diz, então é a primeira coisa a descobrir.',
    untested: 'Não testada até você conectar evidências.',
    howTo: {
      customerSegments:
        'Como testar: entreviste pessoas deste grupo sobre a última vez que tiveram o problema e o que fizeram.',
      valuePropositions:
        'Como testar: mostre a oferta a pessoas com o problema e conte quem pede para experimentar.',
      channels:
        'Como testar: faça uma pequena campanha por este canal e conte os cadastros por hora ou por real gasto.',
      customerRelationships:
        'Como testar: acompanhe os primeiros clientes por um mês e anote quem continua e por quê.',
      revenueStreams:
        'Como testar: peça uma pré-venda ou uma carta de intenção a este preço e conte quem se compromete.',
      keyActivities: 'Como testar: faça à mão para os primeiros clientes e cronometre cada etapa.',
      keyResources: 'Como testar: liste o que é preciso e confira com alguém que já fez isso.',
      keyPartners:
        'Como testar: peça uma primeira reunião a este parceiro e pergunte do que ele precisaria.',
      costStructure:
        'Como testar: some quanto custam os primeiros clientes e compare com o que eles pagam.',
    },
    whoFor: (s) => `Para ${s}.`,
    problem: (pains) => `O que dói hoje: ${pains}.`,
    solutionStatement: (n, s) => `O que ${n} faz: ${s}.`,
    whyNot: (n, a) => `Hoje os clientes usam ${a}; ${n} precisa fazer melhor.`,
    lead: (n, s, seg, p) => `${n} ${s}, ${p('para', seg)}.`,
    gain: (pain) => `Sem mais “${pain}”`,
    reliever: (n, s, pain) => `${n} ${s} (contra “${pain}”)`,
    creator: (n, s) => `${n} ${s}`,
    job: (seg, p) => `Manter o trabalho ${p('de', seg)} sem perder tempo nem dinheiro`,
    interviewsTitle: (seg) => `Entrevistas sobre o problema com ${seg}`,
    interviewsPlan: (seg, pain) =>
      `Converse com ${seg} sobre a última vez que ${pain} aconteceu: o que fizeram, quanto custou e o que tentaram. Pergunte sobre o que fizeram, não opiniões; não apresente a ideia até o fim.`,
    smokeTitle: (n) => `Uma página com a oferta de ${n}`,
    smokePlan: (n, what, where) =>
      `Publique uma página que diga o que ${n} faz (${what}) e leve visitantes até ela a partir de ${where}. Conte quem deixa o e-mail ou pede uma demonstração.`,
    preSaleTitle: (n, price) => `Pré-venda de ${n} a ${price}`,
    preSalePlan: (seg, price, p) =>
      `Ofereça ${p('a', seg)} uma pré-venda ou uma carta de intenção a ${price}. Conte quem se compromete e pergunte aos outros o que os impediu.`,
    theProblem: 'o problema',
    whatItDoes: 'o que faz',
    theirChannels: 'os lugares que esses clientes já frequentam',
    aPrice: 'um preço declarado',
    gainQuestion: (n) => `O que os clientes ganhariam se ${n} cumprisse o que promete?`,
    relieverQuestion: (n, pain) => `Como ${n} elimina ${pain}?`,
    creatorQuestion: (n) => `O que ${n} oferece pelo que os clientes pagariam?`,
  },
};

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
