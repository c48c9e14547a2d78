/**
 * The built-in generator's words for each of the five languages: cue words that say what a
 * sentence of a description is about (customers, problem, solution, channels, revenue, partners,
 * timing, benefits), and the templates it writes hypotheses, statements, questions and worksheets
 * with (a data table). Templates take the phrases found in the description; nothing is invented
 * beyond them.
 */
import type { Lang } from './text.ts';

export interface Cues {
  /** Nouns naming people or organisations (matched as word prefixes). */
  customers: string[];
  problem: string[];
  solution: string[];
  /** Nouns naming an offer: the product phrase is built around one. */
  products: string[];
  channels: string[];
  revenue: string[];
  partners: string[];
  whyNow: string[];
  gains: string[];
  /** Words that open the customer phrase after them ("for restaurant owners"). */
  forWords: string[];
  /** Words that end a customer phrase ("who", "that"). */
  phraseEnd: string[];
  /** Whether adjectives follow the noun (Romance languages): the phrase grows rightwards. */
  nounFirst: boolean;
  /** Short connectors allowed inside a noun phrase ("de", "di", "do"). */
  connectors: string[];
}

export const CUES: Record<Lang, Cues> = {
  en: {
    customers: [
      'customer',
      'user',
      'owner',
      'client',
      'people',
      'business',
      'compan',
      'team',
      'student',
      'parent',
      'famil',
      'patient',
      'doctor',
      'farmer',
      'teacher',
      'manager',
      'freelancer',
      'developer',
      'shop',
      'store',
      'restaurant',
      'retailer',
      'consumer',
      'buyer',
      'homeowner',
      'startup',
      'nurse',
      'traveler',
      'traveller',
      'driver',
      'worker',
      'employee',
      'creator',
      'senior',
      'clinic',
      'school',
      'landlord',
      'tenant',
      'seller',
      'merchant',
      'founder',
      'professional',
    ],
    problem: [
      'problem',
      'struggl',
      'hard',
      'difficult',
      'waste',
      'pain',
      'expensive',
      'costly',
      'lack',
      "can't",
      'cannot',
      'frustrat',
      'time-consuming',
      'manual',
      'slow',
      'lose',
      'losing',
      'lost',
      'miss',
      'too much',
      'unable',
      'error',
      'mistake',
      'risk',
      'tedious',
      'confus',
      'overwhelm',
    ],
    solution: [
      'we build',
      'we offer',
      'we provide',
      'we are building',
      'our ',
      'app',
      'platform',
      'solution',
      'helps',
      'lets',
      'allows',
      'enables',
      'tool',
      'service',
      'software',
      'marketplace',
      'automat',
      'device',
    ],
    products: [
      'app',
      'platform',
      'marketplace',
      'service',
      'subscription',
      'software',
      'tool',
      'device',
      'kit',
      'course',
      'api',
      'dashboard',
      'assistant',
      'network',
      'system',
      'product',
    ],
    channels: [
      'online',
      'website',
      'app store',
      'social media',
      'instagram',
      'tiktok',
      'linkedin',
      'facebook',
      'youtube',
      'sales team',
      'direct sales',
      'retail',
      'distributor',
      'word of mouth',
      'reseller',
      'email',
      'events',
      'trade show',
      'pharmacies',
      'supermarket',
      'referral',
      'search ads',
      'newsletter',
    ],
    revenue: [
      'subscription',
      'fee',
      'per month',
      'monthly',
      'commission',
      'license',
      'licence',
      'price',
      'pay',
      'charge',
      'freemium',
      'per user',
      'per seat',
      'yearly',
      'annual',
    ],
    partners: [
      'partner',
      'supplier',
      'integrat',
      'provider',
      'manufactur',
      'wholesaler',
      'insurer',
      'bank',
    ],
    whyNow: [
      'now',
      'today',
      'recent',
      'growing',
      'regulation',
      'trend',
      'since',
      'new law',
      'rising',
      'shift',
    ],
    gains: [
      'save',
      'faster',
      'easier',
      'more ',
      'better',
      'less ',
      'increase',
      'reduce',
      'grow',
      'peace of mind',
      'confiden',
    ],
    forWords: ['for', 'helps', 'help', 'serving', 'serves', 'to'],
    phraseEnd: [
      'who',
      'that',
      'which',
      'to',
      'and',
      'with',
      'by',
      'so',
      'because',
      'in',
      'on',
      'at',
      'of',
      'from',
      'through',
    ],
    nounFirst: false,
    connectors: [],
  },
  es: {
    customers: [
      'cliente',
      'usuari',
      'dueñ',
      'propietari',
      'persona',
      'empresa',
      'equipo',
      'estudiante',
      'padre',
      'familia',
      'paciente',
      'médic',
      'agricultor',
      'profesor',
      'maestr',
      'gerente',
      'tienda',
      'restaurante',
      'consumidor',
      'comprador',
      'pyme',
      'emprendedor',
      'trabajador',
      'emplead',
      'vendedor',
      'comerciante',
      'clínica',
      'escuela',
      'profesional',
      'negocio',
    ],
    problem: [
      'problema',
      'difícil',
      'dificil',
      'pierde',
      'perder',
      'caro',
      'costos',
      'falta',
      'no pueden',
      'no puede',
      'frustr',
      'lento',
      'manual',
      'desperdici',
      'error',
      'riesgo',
      'complicad',
      'tedios',
      'horas',
    ],
    solution: [
      'nuestra',
      'nuestro',
      'ofrecemos',
      'creamos',
      'aplicación',
      'app',
      'plataforma',
      'solución',
      'ayuda',
      'permite',
      'herramienta',
      'servicio',
      'software',
      'automatiz',
    ],
    products: [
      'aplicación',
      'app',
      'plataforma',
      'servicio',
      'suscripción',
      'software',
      'herramienta',
      'dispositivo',
      'kit',
      'curso',
      'sistema',
      'producto',
      'mercado',
    ],
    channels: [
      'en línea',
      'online',
      'sitio web',
      'redes sociales',
      'instagram',
      'tiktok',
      'facebook',
      'linkedin',
      'distribuidor',
      'venta directa',
      'tiendas',
      'boca a boca',
      'correo',
      'eventos',
      'farmacias',
      'supermercado',
      'whatsapp',
    ],
    revenue: [
      'suscripción',
      'cuota',
      'por mes',
      'mensual',
      'comisión',
      'licencia',
      'precio',
      'pagar',
      'pagan',
      'cobra',
      'tarifa',
      'anual',
    ],
    partners: [
      'socio',
      'proveedor',
      'alianza',
      'integra',
      'fabricante',
      'mayorista',
      'aseguradora',
      'banco',
    ],
    whyNow: [
      'ahora',
      'hoy',
      'reciente',
      'crecient',
      'regulación',
      'tendencia',
      'desde',
      'nueva ley',
      'aumento',
    ],
    gains: [
      'ahorr',
      'más rápido',
      'más fácil',
      'mejor',
      'menos',
      'aumenta',
      'reduc',
      'crecer',
      'tranquilidad',
    ],
    forWords: ['para', 'ayuda a', 'a'],
    phraseEnd: [
      'que',
      'quien',
      'quienes',
      'y',
      'con',
      'por',
      'porque',
      'en',
      'a',
      'para',
      'pa',
      'cuando',
      'mediante',
      'vía',
    ],
    nounFirst: true,
    connectors: ['de', 'del'],
  },
  fr: {
    customers: [
      'client',
      'utilisateur',
      'propriétaire',
      'personne',
      'entreprise',
      'équipe',
      'étudiant',
      'parent',
      'famille',
      'patient',
      'médecin',
      'agriculteur',
      'enseignant',
      'gérant',
      'commerçant',
      'restaurant',
      'restaurateur',
      'consommateur',
      'acheteur',
      'pme',
      'indépendant',
      'salarié',
      'vendeur',
      'clinique',
      'école',
      'professionnel',
      'artisan',
    ],
    problem: [
      'problème',
      'difficile',
      'perdent',
      'perd',
      'perte',
      'cher',
      'coûteu',
      'manque',
      'ne peuvent',
      'ne peut',
      'frustr',
      'lent',
      'manuel',
      'gaspill',
      'erreur',
      'risque',
      'compliqu',
      'fastidieu',
      'heures',
    ],
    solution: [
      'notre',
      'nous propos',
      'nous cré',
      'application',
      'app',
      'plateforme',
      'solution',
      'aide',
      'permet',
      'outil',
      'service',
      'logiciel',
      'automatis',
    ],
    products: [
      'application',
      'app',
      'plateforme',
      'service',
      'abonnement',
      'logiciel',
      'outil',
      'appareil',
      'kit',
      'cours',
      'système',
      'produit',
      'place de marché',
    ],
    channels: [
      'en ligne',
      'site web',
      'site internet',
      'réseaux sociaux',
      'instagram',
      'tiktok',
      'facebook',
      'linkedin',
      'distributeur',
      'vente directe',
      'magasins',
      'bouche-à-oreille',
      'bouche à oreille',
      'salons',
      'e-mail',
      'pharmacies',
      'supermarché',
    ],
    revenue: [
      'abonnement',
      'frais',
      'par mois',
      'mensuel',
      'commission',
      'licence',
      'prix',
      'payer',
      'paient',
      'tarif',
      'annuel',
    ],
    partners: [
      'partenaire',
      'fournisseur',
      'intégr',
      'fabricant',
      'grossiste',
      'assureur',
      'banque',
    ],
    whyNow: [
      "aujourd'hui",
      'maintenant',
      'récent',
      'croissan',
      'réglementation',
      'tendance',
      'depuis',
      'nouvelle loi',
      'hausse',
    ],
    gains: [
      'économis',
      'plus rapide',
      'plus facile',
      'mieux',
      'moins',
      'augment',
      'rédui',
      'gagner',
      'sérénité',
    ],
    forWords: ['pour', 'aide les', 'aide'],
    phraseEnd: [
      'qui',
      'que',
      'et',
      'avec',
      'par',
      'parce',
      'dans',
      'à',
      'pour',
      'quand',
      'via',
      'lit',
      'lisent',
    ],
    nounFirst: true,
    connectors: ['de', 'des', 'du', "d'"],
  },
  it: {
    customers: [
      'client',
      'utent',
      'proprietari',
      'persone',
      'aziend',
      'impres',
      'squadr',
      'student',
      'genitori',
      'famigli',
      'pazient',
      'medic',
      'agricoltor',
      'insegnant',
      'gestor',
      'negozi',
      'ristorant',
      'ristorator',
      'consumator',
      'acquirent',
      'pmi',
      'professionist',
      'lavorator',
      'dipendent',
      'venditor',
      'commerciant',
      'clinic',
      'scuol',
      'artigian',
    ],
    problem: [
      'problem',
      'difficil',
      'perdono',
      'perde',
      'perdita',
      'costos',
      'caro',
      'manca',
      'non riescono',
      'non riesce',
      'frustr',
      'lent',
      'manual',
      'spreco',
      'sprecan',
      'errori',
      'rischio',
      'complicat',
      'noios',
      'ore',
    ],
    solution: [
      'nostra',
      'nostro',
      'offriamo',
      'creiamo',
      'applicazione',
      'app',
      'piattaforma',
      'soluzione',
      'aiuta',
      'permette',
      'consente',
      'strumento',
      'servizio',
      'software',
      'automatizz',
    ],
    products: [
      'applicazione',
      'app',
      'piattaforma',
      'servizio',
      'abbonamento',
      'software',
      'strumento',
      'dispositivo',
      'kit',
      'corso',
      'sistema',
      'prodotto',
      'marketplace',
    ],
    channels: [
      'online',
      'sito web',
      'social',
      'instagram',
      'tiktok',
      'facebook',
      'linkedin',
      'distributor',
      'vendita diretta',
      'negozi',
      'passaparola',
      'fiere',
      'email',
      'farmacie',
      'supermercat',
    ],
    revenue: [
      'abbonamento',
      'canone',
      'al mese',
      'mensile',
      'commissione',
      'licenza',
      'prezzo',
      'pagare',
      'pagano',
      'tariffa',
      'annuale',
    ],
    partners: ['partner', 'fornitor', 'integra', 'produttor', 'grossist', 'assicurazion', 'banc'],
    whyNow: [
      'oggi',
      'ora',
      'adesso',
      'recent',
      'crescent',
      'normativa',
      'tendenza',
      'da quando',
      'nuova legge',
      'aumento',
    ],
    gains: [
      'risparmi',
      'più veloce',
      'più facile',
      'meglio',
      'meno',
      'aument',
      'ridu',
      'crescere',
      'tranquillità',
    ],
    forWords: ['per', 'aiuta i', 'aiuta le', 'aiuta'],
    phraseEnd: [
      'che',
      'chi',
      'e',
      'con',
      'per',
      'perché',
      'in',
      'a',
      'quando',
      'tramite',
      'via',
      'attraverso',
    ],
    nounFirst: true,
    connectors: ['di', 'del', 'dei', 'delle'],
  },
  pt: {
    customers: [
      'cliente',
      'usuári',
      'don',
      'proprietári',
      'pessoa',
      'empresa',
      'equipe',
      'estudante',
      'aluno',
      'pais',
      'família',
      'paciente',
      'médic',
      'agricultor',
      'produtor',
      'professor',
      'gestor',
      'loja',
      'restaurante',
      'consumidor',
      'comprador',
      'pme',
      'empreendedor',
      'trabalhador',
      'funcionári',
      'vendedor',
      'comerciante',
      'clínica',
      'escola',
      'profissional',
      'negócio',
    ],
    problem: [
      'problema',
      'difícil',
      'dificil',
      'perdem',
      'perde',
      'perda',
      'caro',
      'custos',
      'falta',
      'não conseguem',
      'não consegue',
      'frustr',
      'lento',
      'manual',
      'desperdíci',
      'desperdiça',
      'erro',
      'risco',
      'complicad',
      'cansativ',
      'horas',
    ],
    solution: [
      'nossa',
      'nosso',
      'oferecemos',
      'criamos',
      'aplicativo',
      'app',
      'plataforma',
      'solução',
      'ajuda',
      'permite',
      'ferramenta',
      'serviço',
      'software',
      'automatiz',
    ],
    products: [
      'aplicativo',
      'app',
      'plataforma',
      'serviço',
      'assinatura',
      'software',
      'ferramenta',
      'dispositivo',
      'kit',
      'curso',
      'sistema',
      'produto',
      'marketplace',
    ],
    channels: [
      'online',
      'site',
      'redes sociais',
      'instagram',
      'tiktok',
      'facebook',
      'linkedin',
      'whatsapp',
      'distribuidor',
      'venda direta',
      'lojas',
      'boca a boca',
      'eventos',
      'e-mail',
      'farmácias',
      'supermercado',
    ],
    revenue: [
      'assinatura',
      'mensalidade',
      'por mês',
      'mensal',
      'comissão',
      'licença',
      'preço',
      'pagar',
      'pagam',
      'cobra',
      'tarifa',
      'anual',
    ],
    partners: [
      'parceir',
      'fornecedor',
      'integra',
      'fabricante',
      'atacadista',
      'seguradora',
      'banco',
    ],
    whyNow: [
      'hoje',
      'agora',
      'recente',
      'crescente',
      'regulamentação',
      'tendência',
      'desde',
      'nova lei',
      'aumento',
    ],
    gains: [
      'economiz',
      'mais rápido',
      'mais fácil',
      'melhor',
      'menos',
      'aument',
      'reduz',
      'crescer',
      'tranquilidade',
    ],
    forWords: ['para', 'ajuda os', 'ajuda as', 'ajuda'],
    phraseEnd: [
      'que',
      'quem',
      'e',
      'com',
      'por',
      'porque',
      'em',
      'a',
      'para',
      'quando',
      'via',
      'pelo',
      'pela',
      'pelos',
      'pelas',
    ],
    nounFirst: true,
    connectors: ['de', 'do', 'da', 'dos', 'das'],
  },
};

/** The words a template fills in. */
export interface Fill {
  customer: string;
  problem: string;
  solution: string;
  product: string;
  channel: string;
  revenue: string;
  partner: string;
  topic: string;
}

type T = (f: Fill) => string;

export interface Templates {
  fallback: { customer: string; problem: string; channel: string; partner: string };
  hypotheses: Record<
    | 'customerSegments'
    | 'valuePropositions'
    | 'channels'
    | 'customerRelationships'
    | 'revenueStreams'
    | 'keyActivities'
    | 'keyResources'
    | 'keyPartners'
    | 'costStructure',
    T[]
  >;
  generatedFrom: (source: string) => string;
  untested: string;
  howTo: { desirability: T; feasibility: T; viability: T };
  dashboard: { whoFor: T; whyNot: T; whyNow: T; problem: T; solution: T };
  questions: T[];
  /** The first question, about the last time of the pain the founder named (in their words). */
  lastTimePain: (pain: string) => string;
  sectionQuestions: Partial<Record<string, T[]>>;
  market: { notes: T; analysis: T };
  petal: { title: string; description: T; marketAnalysis: string }[];
  experiments: {
    interviews: {
      title: T;
      statement: T;
      description: T;
      measurement: string;
      expectation: string;
    };
    smokeTest: { title: T; statement: T; description: T; measurement: string; expectation: string };
    preSale: { title: T; statement: T; description: T; measurement: string; expectation: string };
  };
  vpc: { job: T; reliever: (pain: string) => string; creator: (gain: string) => string };
  summaryOf: (n: number) => string;
  assistant: { none: string; intro: string };
}

export const TEMPLATES: Record<Lang, Templates> = {
  en: {
    fallback: {
      customer: 'Our first customers',
      problem: 'the problem we describe',
      channel: 'a channel we can afford',
      partner: 'Key partners',
    },
    hypotheses: {
      customerSegments: [
        (f) => `${f.customer} experience this problem often: ${f.problem}`,
        (f) => `${f.customer} are already looking for a better way and would try a new one now`,
        (f) => `Among ${lc(f.customer)}, there is a group of early adopters we can name and reach`,
      ],
      valuePropositions: [
        (f) => `${f.customer} prefer ${f.solution} over what they use today`,
        (f) => `Solving this problem is worth enough to ${lc(f.customer)} to change how they work`,
        (f) => `${f.customer} understand what ${f.product} does for them in under a minute`,
      ],
      channels: [
        (f) => `We can reach ${lc(f.customer)} through ${f.channel} at an acceptable cost`,
        (f) => `${f.customer} look for solutions to "${f.topic}" where we can be found`,
      ],
      customerRelationships: [
        (f) => `${f.customer} keep using ${f.product} after the first month without reminders`,
        (f) => `${f.customer} recommend ${f.product} to someone like them`,
      ],
      revenueStreams: [
        (f) => `${f.customer} will pay for ${f.product}${f.revenue ? ` through ${f.revenue}` : ''}`,
        (f) => `The price ${lc(f.customer)} accept covers what it costs us to serve them`,
      ],
      keyActivities: [
        (f) => `We can build and deliver ${f.product} with the team we have`,
        (f) => `Keeping ${f.product} running takes little manual work per customer`,
      ],
      keyResources: [(f) => `We have, or can get, the skills, data and tools ${f.product} needs`],
      keyPartners: [
        (f) => `${f.partner} will work with us to deliver ${f.product}`,
        (f) => `We can deliver ${f.product} without depending on a single supplier`,
      ],
      costStructure: [
        () => `Acquiring and serving one customer costs less than that customer pays us`,
        () => `Our largest costs are known and stay under control as we grow`,
      ],
    },
    generatedFrom: (s) => `Generated by the Assay agent from your description: “${s}”.`,
    untested: 'Untested until you connect evidence to it.',
    howTo: {
      desirability: (f) =>
        `How to test: talk to ${lc(f.customer)} about the last time this happened, and look for behaviour, not opinions.`,
      feasibility: () =>
        'How to test: list what it takes, then check it with someone who has done it or with a small prototype.',
      viability: () =>
        'How to test: compare prices and costs you can verify (quotes, competitor prices, a pre-sale).',
    },
    dashboard: {
      whoFor: (f) => `${f.customer}.`,
      whyNot: (f) =>
        `To find out: what ${lc(f.customer)} use today, what switching would cost them, and why they have not solved this yet.`,
      whyNow: () =>
        'To find out: what has changed recently (technology, rules, habits or prices) that makes this the right time.',
      problem: (f) => `${f.problem}.`,
      solution: (f) => `${f.solution}.`,
    },
    lastTimePain: (pain) => `Tell me about the last time this happened to you: “${pain}”.`,
    questions: [
      (f) => `Tell me about the last time you dealt with ${f.topic}.`,
      () => 'What was the hardest part of it?',
      () => 'Why was that hard for you?',
      () => 'What, if anything, have you done to solve it? What did that cost you?',
      () => "What don't you like about the solutions you have tried?",
      () => 'How often does this happen? When did it last happen?',
      () => 'Who else is involved when this happens?',
    ],
    sectionQuestions: {
      revenueStreams: [() => 'How do you pay for this today, and who decides on that spending?'],
      channels: [(f) => `Where did you last look for help with ${f.topic}?`],
      customerRelationships: [() => 'What would make you stop using a tool like this?'],
      keyPartners: [() => 'Who do you already rely on for this, and why them?'],
    },
    market: {
      notes: (f) =>
        [
          `How to size the market for ${f.product} (fill in numbers only from sources you can cite):`,
          `1. Total (TAM): how many ${lc(f.customer)} exist, times what one of them spends per year on "${f.topic}".`,
          `2. Served (SAM): the part of them you can reach through ${f.channel} and serve with what you offer now.`,
          '3. Target (SOM): the share of the served market you can win in the next 2–3 years, using the conversion rates from your experiments.',
          'Write the source next to each number.',
        ].join('\n'),
      analysis: (f) =>
        [
          'What to find out:',
          `- How many ${lc(f.customer)} there are in the region you start in (official statistics, industry associations).`,
          `- What they spend today on "${f.topic}", and on which alternatives.`,
          '- How fast the segment grows, and what drives it.',
          '- Which part of it you can reach first.',
        ].join('\n'),
    },
    petal: [
      {
        title: 'Current alternatives',
        description: (f) =>
          `What ${lc(f.customer)} do today about "${f.topic}": spreadsheets, paper, doing nothing, or paying someone.`,
        marketAnalysis: 'Ask in interviews what they use now and what it costs them.',
      },
      {
        title: 'Direct competitors',
        description: (f) =>
          `Companies that offer something like ${f.product} to ${lc(f.customer)}.`,
        marketAnalysis:
          'Search app stores, review sites and industry lists; add each company with its link.',
      },
      {
        title: 'Adjacent solutions',
        description: (f) =>
          `Tools ${lc(f.customer)} already use that could add what ${f.product} does.`,
        marketAnalysis: 'Look at what your interviewees already pay for.',
      },
    ],
    experiments: {
      interviews: {
        title: (f) => `Problem interviews with ${lc(f.customer)}`,
        statement: (f) => `${f.customer} experience this problem often: ${f.problem}`,
        description: (f) =>
          `Talk to 10 ${lc(f.customer)} about the last time they dealt with "${f.topic}". Use the interview questions on the hypothesis.`,
        measurement: 'Interviewees who describe the problem without being prompted',
        expectation: 'At least 6 of 10',
      },
      smokeTest: {
        title: (f) => `Landing page test for ${f.product}`,
        statement: (f) => `${f.customer} prefer ${f.solution} over what they use today`,
        description: (f) =>
          `Put up a one-page description of ${f.product} and send ${lc(f.customer)} to it through ${f.channel}.`,
        measurement: 'Visitors who leave their email',
        expectation: 'At least 10%',
      },
      preSale: {
        title: (f) => `Pre-sale of ${f.product}`,
        statement: (f) => `${f.customer} will pay for ${f.product}`,
        description: () =>
          'Offer early access at a real price and ask for a commitment (a deposit or a signed letter of intent).',
        measurement: 'Prospects who commit to pay',
        expectation: 'At least 3 of 20',
      },
    },
    vpc: {
      job: (f) => `Handle ${f.topic} without losing time or money`,
      reliever: (p) => `Removes: ${p}`,
      creator: (g) => `Delivers: ${g}`,
    },
    summaryOf: (n) =>
      n === 1
        ? "The sentence that carries most of the document's key phrases:"
        : `The ${n} sentences that carry most of the document's key phrases:`,
    assistant: {
      none: "I could not find anything about that in this project's cards yet. Add evidence or hypotheses about it, or ask in other words.",
      intro: "From this project's cards, the most relevant passages are:",
    },
  },
  es: {
    fallback: {
      customer: 'Nuestros primeros clientes',
      problem: 'el problema que describimos',
      channel: 'un canal que podamos pagar',
      partner: 'Socios clave',
    },
    hypotheses: {
      customerSegments: [
        (f) => `${f.customer} viven este problema con frecuencia: ${f.problem}`,
        (f) => `${f.customer} ya buscan una forma mejor y probarían una nueva ahora`,
        (f) =>
          `Entre ${lc(f.customer)} hay un grupo de primeros usuarios que podemos nombrar y alcanzar`,
      ],
      valuePropositions: [
        (f) => `${f.customer} prefieren ${f.solution} a lo que usan hoy`,
        (f) =>
          `Resolver este problema vale lo suficiente para ${lc(f.customer)} como para cambiar su forma de trabajar`,
        (f) => `${f.customer} entienden en menos de un minuto qué hace ${f.product} por ellos`,
      ],
      channels: [
        (f) => `Podemos llegar a ${lc(f.customer)} a través de ${f.channel} con un costo aceptable`,
        (f) => `${f.customer} buscan soluciones para "${f.topic}" donde nosotros podemos estar`,
      ],
      customerRelationships: [
        (f) => `${f.customer} siguen usando ${f.product} después del primer mes sin recordatorios`,
        (f) => `${f.customer} recomiendan ${f.product} a alguien como ellos`,
      ],
      revenueStreams: [
        (f) => `${f.customer} pagarán por ${f.product}${f.revenue ? ` mediante ${f.revenue}` : ''}`,
        (f) => `El precio que aceptan ${lc(f.customer)} cubre lo que nos cuesta atenderlos`,
      ],
      keyActivities: [
        (f) => `Podemos construir y entregar ${f.product} con el equipo que tenemos`,
        (f) => `Mantener ${f.product} en marcha requiere poco trabajo manual por cliente`,
      ],
      keyResources: [
        (f) =>
          `Tenemos, o podemos conseguir, las habilidades, los datos y las herramientas que ${f.product} necesita`,
      ],
      keyPartners: [
        (f) => `${f.partner} trabajarán con nosotros para entregar ${f.product}`,
        (f) => `Podemos entregar ${f.product} sin depender de un único proveedor`,
      ],
      costStructure: [
        () => `Conseguir y atender a un cliente cuesta menos de lo que ese cliente nos paga`,
        () => `Nuestros mayores costos son conocidos y se mantienen bajo control al crecer`,
      ],
    },
    generatedFrom: (s) => `Generado por el agente de Assay a partir de tu descripción: “${s}”.`,
    untested: 'Sin probar hasta que le conectes evidencia.',
    howTo: {
      desirability: (f) =>
        `Cómo probarlo: habla con ${lc(f.customer)} sobre la última vez que les pasó y busca comportamientos, no opiniones.`,
      feasibility: () =>
        'Cómo probarlo: enumera lo que hace falta y compruébalo con alguien que ya lo haya hecho o con un prototipo pequeño.',
      viability: () =>
        'Cómo probarlo: compara precios y costos que puedas verificar (presupuestos, precios de la competencia, una preventa).',
    },
    dashboard: {
      whoFor: (f) => `${f.customer}.`,
      whyNot: (f) =>
        `Por averiguar: qué usan hoy ${lc(f.customer)}, cuánto les costaría cambiar y por qué aún no lo han resuelto.`,
      whyNow: () =>
        'Por averiguar: qué ha cambiado recientemente (tecnología, normas, hábitos o precios) que hace que este sea el momento.',
      problem: (f) => `${f.problem}.`,
      solution: (f) => `${f.solution}.`,
    },
    lastTimePain: (pain) => `Cuéntame la última vez que te pasó esto: “${pain}”.`,
    questions: [
      (f) => `Cuéntame la última vez que tuviste que lidiar con ${f.topic}.`,
      () => '¿Qué fue lo más difícil?',
      () => '¿Por qué fue difícil para ti?',
      () => '¿Qué has hecho para resolverlo, si has hecho algo? ¿Cuánto te costó?',
      () => '¿Qué no te gusta de las soluciones que has probado?',
      () => '¿Con qué frecuencia ocurre? ¿Cuándo ocurrió por última vez?',
      () => '¿Quién más participa cuando ocurre?',
    ],
    sectionQuestions: {
      revenueStreams: [() => '¿Cómo pagas esto hoy y quién decide ese gasto?'],
      channels: [(f) => `¿Dónde buscaste ayuda con ${f.topic} la última vez?`],
      customerRelationships: [() => '¿Qué haría que dejaras de usar una herramienta así?'],
      keyPartners: [() => '¿En quién te apoyas hoy para esto y por qué?'],
    },
    market: {
      notes: (f) =>
        [
          `Cómo dimensionar el mercado de ${f.product} (anota cifras solo de fuentes que puedas citar):`,
          `1. Total (TAM): cuántos ${lc(f.customer)} existen, por lo que gasta cada uno al año en "${f.topic}".`,
          `2. Servido (SAM): la parte que puedes alcanzar a través de ${f.channel} y atender con lo que ofreces hoy.`,
          '3. Objetivo (SOM): la parte del mercado servido que puedes ganar en los próximos 2–3 años, con las tasas de conversión de tus experimentos.',
          'Escribe la fuente junto a cada cifra.',
        ].join('\n'),
      analysis: (f) =>
        [
          'Qué averiguar:',
          `- Cuántos ${lc(f.customer)} hay en la región donde empiezas (estadísticas oficiales, asociaciones del sector).`,
          `- Cuánto gastan hoy en "${f.topic}" y en qué alternativas.`,
          '- A qué ritmo crece el segmento y qué lo impulsa.',
          '- A qué parte puedes llegar primero.',
        ].join('\n'),
    },
    petal: [
      {
        title: 'Alternativas actuales',
        description: (f) =>
          `Lo que hacen hoy ${lc(f.customer)} con "${f.topic}": hojas de cálculo, papel, nada, o pagar a alguien.`,
        marketAnalysis: 'Pregunta en las entrevistas qué usan ahora y cuánto les cuesta.',
      },
      {
        title: 'Competidores directos',
        description: (f) => `Empresas que ofrecen algo como ${f.product} a ${lc(f.customer)}.`,
        marketAnalysis:
          'Busca en tiendas de apps, sitios de reseñas y listados del sector; añade cada empresa con su enlace.',
      },
      {
        title: 'Soluciones adyacentes',
        description: (f) =>
          `Herramientas que ${lc(f.customer)} ya usan y que podrían añadir lo que hace ${f.product}.`,
        marketAnalysis: 'Mira por qué pagan ya tus entrevistados.',
      },
    ],
    experiments: {
      interviews: {
        title: (f) => `Entrevistas de problema con ${lc(f.customer)}`,
        statement: (f) => `${f.customer} viven este problema con frecuencia: ${f.problem}`,
        description: (f) =>
          `Habla con 10 ${lc(f.customer)} sobre la última vez que lidiaron con "${f.topic}". Usa las preguntas de entrevista de la hipótesis.`,
        measurement: 'Entrevistados que describen el problema sin que se lo sugieran',
        expectation: 'Al menos 6 de 10',
      },
      smokeTest: {
        title: (f) => `Prueba de página de aterrizaje de ${f.product}`,
        statement: (f) => `${f.customer} prefieren ${f.solution} a lo que usan hoy`,
        description: (f) =>
          `Publica una página que describa ${f.product} y dirige a ${lc(f.customer)} a ella a través de ${f.channel}.`,
        measurement: 'Visitantes que dejan su correo',
        expectation: 'Al menos el 10%',
      },
      preSale: {
        title: (f) => `Preventa de ${f.product}`,
        statement: (f) => `${f.customer} pagarán por ${f.product}`,
        description: () =>
          'Ofrece acceso anticipado a un precio real y pide un compromiso (un depósito o una carta de intención firmada).',
        measurement: 'Interesados que se comprometen a pagar',
        expectation: 'Al menos 3 de 20',
      },
    },
    vpc: {
      job: (f) => `Gestionar ${f.topic} sin perder tiempo ni dinero`,
      reliever: (p) => `Elimina: ${p}`,
      creator: (g) => `Aporta: ${g}`,
    },
    summaryOf: (n) =>
      n === 1
        ? 'La frase que reúne más frases clave del documento:'
        : `Las ${n} frases que reúnen más frases clave del documento:`,
    assistant: {
      none: 'Todavía no encontré nada sobre eso en las tarjetas de este proyecto. Añade evidencia o hipótesis al respecto, o pregunta con otras palabras.',
      intro: 'En las tarjetas de este proyecto, los pasajes más relevantes son:',
    },
  },
  fr: {
    fallback: {
      customer: 'Nos premiers clients',
      problem: 'le problème que nous décrivons',
      channel: 'un canal abordable',
      partner: 'Des partenaires clés',
    },
    hypotheses: {
      customerSegments: [
        (f) => `${f.customer} rencontrent souvent ce problème : ${f.problem}`,
        (f) =>
          `${f.customer} cherchent déjà une meilleure solution et en essaieraient une nouvelle maintenant`,
        (f) =>
          `Parmi ${lc(f.customer)}, il existe un groupe de premiers utilisateurs que nous pouvons nommer et atteindre`,
      ],
      valuePropositions: [
        (f) => `${f.customer} préfèrent ${f.solution} à ce qu'ils utilisent aujourd'hui`,
        (f) =>
          `Résoudre ce problème vaut assez pour ${lc(f.customer)} pour changer leur façon de travailler`,
        (f) => `${f.customer} comprennent en moins d'une minute ce que ${f.product} leur apporte`,
      ],
      channels: [
        (f) => `Nous pouvons atteindre ${lc(f.customer)} via ${f.channel} à un coût acceptable`,
        (f) =>
          `${f.customer} cherchent des solutions à « ${f.topic} » là où nous pouvons être présents`,
      ],
      customerRelationships: [
        (f) =>
          `${f.customer} continuent d'utiliser ${f.product} après le premier mois sans relance`,
        (f) => `${f.customer} recommandent ${f.product} à quelqu'un comme eux`,
      ],
      revenueStreams: [
        (f) => `${f.customer} paieront pour ${f.product}${f.revenue ? ` via ${f.revenue}` : ''}`,
        (f) => `Le prix accepté par ${lc(f.customer)} couvre ce que nous coûte leur service`,
      ],
      keyActivities: [
        (f) => `Nous pouvons construire et livrer ${f.product} avec l'équipe actuelle`,
        (f) => `Faire fonctionner ${f.product} demande peu de travail manuel par client`,
      ],
      keyResources: [
        (f) =>
          `Nous avons, ou pouvons obtenir, les compétences, les données et les outils dont ${f.product} a besoin`,
      ],
      keyPartners: [
        (f) => `${f.partner} travailleront avec nous pour livrer ${f.product}`,
        (f) => `Nous pouvons livrer ${f.product} sans dépendre d'un seul fournisseur`,
      ],
      costStructure: [
        () => `Acquérir et servir un client coûte moins que ce qu'il nous paie`,
        () => `Nos principaux coûts sont connus et restent maîtrisés pendant la croissance`,
      ],
    },
    generatedFrom: (s) => `Généré par l'agent Assay à partir de votre description : « ${s} ».`,
    untested: "Non testé tant qu'aucune preuve n'y est reliée.",
    howTo: {
      desirability: (f) =>
        `Comment le tester : parlez à ${lc(f.customer)} de la dernière fois où c'est arrivé, et cherchez des comportements, pas des opinions.`,
      feasibility: () =>
        "Comment le tester : listez ce qu'il faut, puis vérifiez-le avec quelqu'un qui l'a déjà fait ou avec un petit prototype.",
      viability: () =>
        'Comment le tester : comparez des prix et des coûts vérifiables (devis, prix des concurrents, prévente).',
    },
    dashboard: {
      whoFor: (f) => `${f.customer}.`,
      whyNot: (f) =>
        `À découvrir : ce que ${lc(f.customer)} utilisent aujourd'hui, ce que leur coûterait un changement, et pourquoi ce n'est pas encore résolu.`,
      whyNow: () =>
        "À découvrir : ce qui a changé récemment (technologie, règles, habitudes ou prix) et qui fait que c'est le bon moment.",
      problem: (f) => `${f.problem}.`,
      solution: (f) => `${f.solution}.`,
    },
    lastTimePain: (pain) => `Racontez-moi la dernière fois que cela vous est arrivé : « ${pain} ».`,
    questions: [
      (f) => `Racontez-moi la dernière fois que vous avez dû gérer ${f.topic}.`,
      () => 'Quelle a été la partie la plus difficile ?',
      () => 'Pourquoi était-ce difficile pour vous ?',
      () => "Qu'avez-vous fait pour le résoudre, le cas échéant ? Combien cela vous a-t-il coûté ?",
      () => "Qu'est-ce qui ne vous plaît pas dans les solutions que vous avez essayées ?",
      () => 'À quelle fréquence cela arrive-t-il ? Quand est-ce arrivé la dernière fois ?',
      () => "Qui d'autre est impliqué quand cela arrive ?",
    ],
    sectionQuestions: {
      revenueStreams: [
        () => "Comment payez-vous cela aujourd'hui, et qui décide de cette dépense ?",
      ],
      channels: [(f) => `Où avez-vous cherché de l'aide pour ${f.topic} la dernière fois ?`],
      customerRelationships: [() => "Qu'est-ce qui vous ferait arrêter d'utiliser un tel outil ?"],
      keyPartners: [() => 'Sur qui comptez-vous déjà pour cela, et pourquoi ?'],
    },
    market: {
      notes: (f) =>
        [
          `Comment dimensionner le marché de ${f.product} (n'inscrivez que des chiffres dont vous pouvez citer la source) :`,
          `1. Total (TAM) : combien de ${lc(f.customer)} existent, multiplié par ce que chacun dépense par an pour « ${f.topic} ».`,
          `2. Adressable (SAM) : la part que vous pouvez atteindre via ${f.channel} et servir avec votre offre actuelle.`,
          "3. Cible (SOM) : la part du marché adressable que vous pouvez gagner dans les 2–3 prochaines années, d'après les taux de conversion de vos expériences.",
          'Notez la source à côté de chaque chiffre.',
        ].join('\n'),
      analysis: (f) =>
        [
          'À découvrir :',
          `- Combien de ${lc(f.customer)} il y a dans votre région de départ (statistiques officielles, fédérations professionnelles).`,
          `- Ce qu'ils dépensent aujourd'hui pour « ${f.topic} », et pour quelles alternatives.`,
          '- À quelle vitesse le segment croît, et pourquoi.',
          '- Quelle partie vous pouvez atteindre en premier.',
        ].join('\n'),
    },
    petal: [
      {
        title: 'Alternatives actuelles',
        description: (f) =>
          `Ce que ${lc(f.customer)} font aujourd'hui pour « ${f.topic} » : tableurs, papier, rien, ou payer quelqu'un.`,
        marketAnalysis: "Demandez en entretien ce qu'ils utilisent et ce que cela leur coûte.",
      },
      {
        title: 'Concurrents directs',
        description: (f) =>
          `Entreprises qui proposent quelque chose comme ${f.product} à ${lc(f.customer)}.`,
        marketAnalysis:
          "Cherchez dans les magasins d'applications, les sites d'avis et les annuaires du secteur ; ajoutez chaque entreprise avec son lien.",
      },
      {
        title: 'Solutions voisines',
        description: (f) =>
          `Outils que ${lc(f.customer)} utilisent déjà et qui pourraient ajouter ce que fait ${f.product}.`,
        marketAnalysis: 'Regardez ce pour quoi vos interviewés paient déjà.',
      },
    ],
    experiments: {
      interviews: {
        title: (f) => `Entretiens problème avec ${lc(f.customer)}`,
        statement: (f) => `${f.customer} rencontrent souvent ce problème : ${f.problem}`,
        description: (f) =>
          `Parlez à 10 ${lc(f.customer)} de la dernière fois où ils ont dû gérer « ${f.topic} ». Utilisez les questions d'entretien de l'hypothèse.`,
        measurement: 'Personnes interrogées qui décrivent le problème sans y être invitées',
        expectation: 'Au moins 6 sur 10',
      },
      smokeTest: {
        title: (f) => `Test de page d'accueil pour ${f.product}`,
        statement: (f) => `${f.customer} préfèrent ${f.solution} à ce qu'ils utilisent aujourd'hui`,
        description: (f) =>
          `Publiez une page qui décrit ${f.product} et envoyez-y ${lc(f.customer)} via ${f.channel}.`,
        measurement: 'Visiteurs qui laissent leur e-mail',
        expectation: 'Au moins 10 %',
      },
      preSale: {
        title: (f) => `Prévente de ${f.product}`,
        statement: (f) => `${f.customer} paieront pour ${f.product}`,
        description: () =>
          "Proposez un accès anticipé à un prix réel et demandez un engagement (un acompte ou une lettre d'intention signée).",
        measurement: "Prospects qui s'engagent à payer",
        expectation: 'Au moins 3 sur 20',
      },
    },
    vpc: {
      job: (f) => `Gérer ${f.topic} sans perdre de temps ni d'argent`,
      reliever: (p) => `Supprime : ${p}`,
      creator: (g) => `Apporte : ${g}`,
    },
    summaryOf: (n) =>
      n === 1
        ? 'La phrase qui porte le plus de mots clés du document :'
        : `Les ${n} phrases qui portent le plus de mots clés du document :`,
    assistant: {
      none: "Je n'ai encore rien trouvé à ce sujet dans les cartes de ce projet. Ajoutez des preuves ou des hypothèses, ou reformulez la question.",
      intro: 'Dans les cartes de ce projet, les passages les plus pertinents sont :',
    },
  },
  it: {
    fallback: {
      customer: 'I nostri primi clienti',
      problem: 'il problema che descriviamo',
      channel: 'un canale sostenibile',
      partner: 'Partner chiave',
    },
    hypotheses: {
      customerSegments: [
        (f) => `${f.customer} vivono spesso questo problema: ${f.problem}`,
        (f) => `${f.customer} cercano già un modo migliore e ne proverebbero uno nuovo ora`,
        (f) =>
          `Tra ${lc(f.customer)} c'è un gruppo di primi utilizzatori che possiamo nominare e raggiungere`,
      ],
      valuePropositions: [
        (f) => `${f.customer} preferiscono ${f.solution} a ciò che usano oggi`,
        (f) =>
          `Risolvere questo problema vale abbastanza per ${lc(f.customer)} da cambiare il loro modo di lavorare`,
        (f) => `${f.customer} capiscono in meno di un minuto cosa fa ${f.product} per loro`,
      ],
      channels: [
        (f) => `Possiamo raggiungere ${lc(f.customer)} tramite ${f.channel} a un costo accettabile`,
        (f) => `${f.customer} cercano soluzioni a "${f.topic}" dove possiamo essere presenti`,
      ],
      customerRelationships: [
        (f) => `${f.customer} continuano a usare ${f.product} dopo il primo mese senza promemoria`,
        (f) => `${f.customer} consigliano ${f.product} a qualcuno come loro`,
      ],
      revenueStreams: [
        (f) =>
          `${f.customer} pagheranno per ${f.product}${f.revenue ? ` tramite ${f.revenue}` : ''}`,
        (f) => `Il prezzo accettato da ${lc(f.customer)} copre quanto ci costa servirli`,
      ],
      keyActivities: [
        (f) => `Possiamo costruire e consegnare ${f.product} con il team che abbiamo`,
        (f) => `Far funzionare ${f.product} richiede poco lavoro manuale per cliente`,
      ],
      keyResources: [
        (f) =>
          `Abbiamo, o possiamo ottenere, le competenze, i dati e gli strumenti di cui ${f.product} ha bisogno`,
      ],
      keyPartners: [
        (f) => `${f.partner} lavoreranno con noi per consegnare ${f.product}`,
        (f) => `Possiamo consegnare ${f.product} senza dipendere da un unico fornitore`,
      ],
      costStructure: [
        () => `Acquisire e servire un cliente costa meno di quanto quel cliente ci paga`,
        () => `I nostri costi principali sono noti e restano sotto controllo mentre cresciamo`,
      ],
    },
    generatedFrom: (s) => `Generato dall'agente Assay dalla tua descrizione: “${s}”.`,
    untested: 'Non verificata finché non colleghi delle evidenze.',
    howTo: {
      desirability: (f) =>
        `Come verificarla: parla con ${lc(f.customer)} dell'ultima volta che è successo e cerca comportamenti, non opinioni.`,
      feasibility: () =>
        "Come verificarla: elenca ciò che serve e controllalo con chi l'ha già fatto o con un piccolo prototipo.",
      viability: () =>
        'Come verificarla: confronta prezzi e costi verificabili (preventivi, prezzi dei concorrenti, una prevendita).',
    },
    dashboard: {
      whoFor: (f) => `${f.customer}.`,
      whyNot: (f) =>
        `Da scoprire: cosa usano oggi ${lc(f.customer)}, quanto costerebbe loro cambiare e perché non l'hanno ancora risolto.`,
      whyNow: () =>
        'Da scoprire: cosa è cambiato di recente (tecnologia, regole, abitudini o prezzi) che rende questo il momento giusto.',
      problem: (f) => `${f.problem}.`,
      solution: (f) => `${f.solution}.`,
    },
    lastTimePain: (pain) => `Raccontami l'ultima volta che ti è successo questo: «${pain}».`,
    questions: [
      (f) => `Raccontami l'ultima volta che hai dovuto gestire ${f.topic}.`,
      () => 'Qual è stata la parte più difficile?',
      () => 'Perché è stato difficile per te?',
      () => 'Cosa hai fatto per risolverlo, se hai fatto qualcosa? Quanto ti è costato?',
      () => 'Cosa non ti piace delle soluzioni che hai provato?',
      () => "Quanto spesso succede? Quando è successo l'ultima volta?",
      () => 'Chi altro è coinvolto quando succede?',
    ],
    sectionQuestions: {
      revenueStreams: [() => 'Come paghi questo oggi, e chi decide questa spesa?'],
      channels: [(f) => `Dove hai cercato aiuto per ${f.topic} l'ultima volta?`],
      customerRelationships: [() => 'Cosa ti farebbe smettere di usare uno strumento così?'],
      keyPartners: [() => 'Su chi conti già per questo, e perché?'],
    },
    market: {
      notes: (f) =>
        [
          `Come dimensionare il mercato di ${f.product} (inserisci numeri solo da fonti che puoi citare):`,
          `1. Totale (TAM): quanti ${lc(f.customer)} esistono, per quanto spende ciascuno all'anno per "${f.topic}".`,
          `2. Servito (SAM): la parte che puoi raggiungere tramite ${f.channel} e servire con l'offerta attuale.`,
          '3. Obiettivo (SOM): la quota del mercato servito che puoi conquistare nei prossimi 2–3 anni, con i tassi di conversione dei tuoi esperimenti.',
          'Scrivi la fonte accanto a ogni numero.',
        ].join('\n'),
      analysis: (f) =>
        [
          'Cosa scoprire:',
          `- Quanti ${lc(f.customer)} ci sono nella regione in cui inizi (statistiche ufficiali, associazioni di categoria).`,
          `- Quanto spendono oggi per "${f.topic}" e per quali alternative.`,
          '- Quanto velocemente cresce il segmento e perché.',
          '- Quale parte puoi raggiungere per prima.',
        ].join('\n'),
    },
    petal: [
      {
        title: 'Alternative attuali',
        description: (f) =>
          `Cosa fanno oggi ${lc(f.customer)} per "${f.topic}": fogli di calcolo, carta, niente, o pagare qualcuno.`,
        marketAnalysis: 'Chiedi nelle interviste cosa usano ora e quanto costa loro.',
      },
      {
        title: 'Concorrenti diretti',
        description: (f) => `Aziende che offrono qualcosa come ${f.product} a ${lc(f.customer)}.`,
        marketAnalysis:
          'Cerca negli app store, nei siti di recensioni e negli elenchi di settore; aggiungi ogni azienda con il suo link.',
      },
      {
        title: 'Soluzioni adiacenti',
        description: (f) =>
          `Strumenti che ${lc(f.customer)} usano già e che potrebbero aggiungere ciò che fa ${f.product}.`,
        marketAnalysis: 'Guarda per cosa pagano già i tuoi intervistati.',
      },
    ],
    experiments: {
      interviews: {
        title: (f) => `Interviste sul problema con ${lc(f.customer)}`,
        statement: (f) => `${f.customer} vivono spesso questo problema: ${f.problem}`,
        description: (f) =>
          `Parla con 10 ${lc(f.customer)} dell'ultima volta che hanno gestito "${f.topic}". Usa le domande d'intervista dell'ipotesi.`,
        measurement: 'Intervistati che descrivono il problema senza suggerimenti',
        expectation: 'Almeno 6 su 10',
      },
      smokeTest: {
        title: (f) => `Test con landing page per ${f.product}`,
        statement: (f) => `${f.customer} preferiscono ${f.solution} a ciò che usano oggi`,
        description: (f) =>
          `Pubblica una pagina che descrive ${f.product} e porta ${lc(f.customer)} a visitarla tramite ${f.channel}.`,
        measurement: 'Visitatori che lasciano la loro email',
        expectation: 'Almeno il 10%',
      },
      preSale: {
        title: (f) => `Prevendita di ${f.product}`,
        statement: (f) => `${f.customer} pagheranno per ${f.product}`,
        description: () =>
          "Offri l'accesso anticipato a un prezzo reale e chiedi un impegno (un acconto o una lettera d'intenti firmata).",
        measurement: 'Potenziali clienti che si impegnano a pagare',
        expectation: 'Almeno 3 su 20',
      },
    },
    vpc: {
      job: (f) => `Gestire ${f.topic} senza perdere tempo o denaro`,
      reliever: (p) => `Elimina: ${p}`,
      creator: (g) => `Offre: ${g}`,
    },
    summaryOf: (n) =>
      n === 1
        ? 'La frase che contiene più parole chiave del documento:'
        : `Le ${n} frasi che contengono più parole chiave del documento:`,
    assistant: {
      none: 'Non ho ancora trovato nulla su questo nelle schede del progetto. Aggiungi evidenze o ipotesi, oppure chiedi con altre parole.',
      intro: 'Nelle schede di questo progetto, i passaggi più pertinenti sono:',
    },
  },
  pt: {
    fallback: {
      customer: 'Nossos primeiros clientes',
      problem: 'o problema que descrevemos',
      channel: 'um canal que possamos pagar',
      partner: 'Parceiros-chave',
    },
    hypotheses: {
      customerSegments: [
        (f) => `${f.customer} vivem esse problema com frequência: ${f.problem}`,
        (f) => `${f.customer} já procuram um jeito melhor e experimentariam um novo agora`,
        (f) =>
          `Entre ${lc(f.customer)} existe um grupo de primeiros usuários que podemos nomear e alcançar`,
      ],
      valuePropositions: [
        (f) => `${f.customer} preferem ${f.solution} ao que usam hoje`,
        (f) =>
          `Resolver esse problema vale o suficiente para ${lc(f.customer)} mudarem sua forma de trabalhar`,
        (f) => `${f.customer} entendem em menos de um minuto o que ${f.product} faz por eles`,
      ],
      channels: [
        (f) =>
          `Conseguimos alcançar ${lc(f.customer)} por meio de ${f.channel} a um custo aceitável`,
        (f) => `${f.customer} procuram soluções para "${f.topic}" onde podemos estar`,
      ],
      customerRelationships: [
        (f) => `${f.customer} continuam usando ${f.product} depois do primeiro mês sem lembretes`,
        (f) => `${f.customer} recomendam ${f.product} para alguém como eles`,
      ],
      revenueStreams: [
        (f) =>
          `${f.customer} vão pagar por ${f.product}${f.revenue ? ` por meio de ${f.revenue}` : ''}`,
        (f) => `O preço que ${lc(f.customer)} aceitam cobre o que nos custa atendê-los`,
      ],
      keyActivities: [
        (f) => `Conseguimos construir e entregar ${f.product} com a equipe que temos`,
        (f) => `Manter ${f.product} funcionando exige pouco trabalho manual por cliente`,
      ],
      keyResources: [
        (f) =>
          `Temos, ou podemos obter, as habilidades, os dados e as ferramentas de que ${f.product} precisa`,
      ],
      keyPartners: [
        (f) => `${f.partner} vai trabalhar conosco para entregar ${f.product}`,
        (f) => `Conseguimos entregar ${f.product} sem depender de um único fornecedor`,
      ],
      costStructure: [
        () => `Conquistar e atender um cliente custa menos do que ele nos paga`,
        () => `Nossos maiores custos são conhecidos e ficam sob controle enquanto crescemos`,
      ],
    },
    generatedFrom: (s) => `Gerado pelo agente do Assay a partir da sua descrição: “${s}”.`,
    untested: 'Não testada até você conectar evidências.',
    howTo: {
      desirability: (f) =>
        `Como testar: converse com ${lc(f.customer)} sobre a última vez que isso aconteceu e procure comportamentos, não opiniões.`,
      feasibility: () =>
        'Como testar: liste o que é preciso e confira com alguém que já fez isso ou com um pequeno protótipo.',
      viability: () =>
        'Como testar: compare preços e custos que você possa verificar (orçamentos, preços da concorrência, uma pré-venda).',
    },
    dashboard: {
      whoFor: (f) => `${f.customer}.`,
      whyNot: (f) =>
        `A descobrir: o que ${lc(f.customer)} usam hoje, quanto custaria mudar e por que ainda não resolveram isso.`,
      whyNow: () =>
        'A descobrir: o que mudou recentemente (tecnologia, regras, hábitos ou preços) que torna este o momento certo.',
      problem: (f) => `${f.problem}.`,
      solution: (f) => `${f.solution}.`,
    },
    lastTimePain: (pain) => `Conte sobre a última vez que isso aconteceu com você: “${pain}”.`,
    questions: [
      (f) => `Conte sobre a última vez que você teve que lidar com ${f.topic}.`,
      () => 'Qual foi a parte mais difícil?',
      () => 'Por que isso foi difícil para você?',
      () => 'O que você já fez para resolver isso, se fez algo? Quanto isso custou?',
      () => 'Do que você não gosta nas soluções que já experimentou?',
      () => 'Com que frequência isso acontece? Quando aconteceu pela última vez?',
      () => 'Quem mais está envolvido quando isso acontece?',
    ],
    sectionQuestions: {
      revenueStreams: [() => 'Como você paga por isso hoje, e quem decide esse gasto?'],
      channels: [(f) => `Onde você procurou ajuda com ${f.topic} da última vez?`],
      customerRelationships: [() => 'O que faria você parar de usar uma ferramenta assim?'],
      keyPartners: [() => 'Em quem você já confia para isso, e por quê?'],
    },
    market: {
      notes: (f) =>
        [
          `Como dimensionar o mercado de ${f.product} (use números só de fontes que você possa citar):`,
          `1. Total (TAM): quantos ${lc(f.customer)} existem, vezes quanto cada um gasta por ano com "${f.topic}".`,
          `2. Atendível (SAM): a parte que você consegue alcançar por meio de ${f.channel} e atender com o que oferece hoje.`,
          '3. Alvo (SOM): a fatia do mercado atendível que você pode conquistar nos próximos 2–3 anos, com as taxas de conversão dos seus experimentos.',
          'Anote a fonte ao lado de cada número.',
        ].join('\n'),
      analysis: (f) =>
        [
          'O que descobrir:',
          `- Quantos ${lc(f.customer)} existem na região onde você começa (estatísticas oficiais, associações do setor).`,
          `- Quanto gastam hoje com "${f.topic}" e com quais alternativas.`,
          '- Com que velocidade o segmento cresce, e por quê.',
          '- Qual parte você consegue alcançar primeiro.',
        ].join('\n'),
    },
    petal: [
      {
        title: 'Alternativas atuais',
        description: (f) =>
          `O que ${lc(f.customer)} fazem hoje com "${f.topic}": planilhas, papel, nada, ou pagar alguém.`,
        marketAnalysis: 'Pergunte nas entrevistas o que usam agora e quanto isso custa.',
      },
      {
        title: 'Concorrentes diretos',
        description: (f) => `Empresas que oferecem algo como ${f.product} para ${lc(f.customer)}.`,
        marketAnalysis:
          'Pesquise lojas de apps, sites de avaliação e listas do setor; adicione cada empresa com seu link.',
      },
      {
        title: 'Soluções adjacentes',
        description: (f) =>
          `Ferramentas que ${lc(f.customer)} já usam e que poderiam adicionar o que ${f.product} faz.`,
        marketAnalysis: 'Veja pelo que seus entrevistados já pagam.',
      },
    ],
    experiments: {
      interviews: {
        title: (f) => `Entrevistas de problema com ${lc(f.customer)}`,
        statement: (f) => `${f.customer} vivem esse problema com frequência: ${f.problem}`,
        description: (f) =>
          `Converse com 10 ${lc(f.customer)} sobre a última vez que lidaram com "${f.topic}". Use as perguntas de entrevista da hipótese.`,
        measurement: 'Entrevistados que descrevem o problema sem serem induzidos',
        expectation: 'Pelo menos 6 de 10',
      },
      smokeTest: {
        title: (f) => `Teste de landing page de ${f.product}`,
        statement: (f) => `${f.customer} preferem ${f.solution} ao que usam hoje`,
        description: (f) =>
          `Publique uma página que descreva ${f.product} e leve ${lc(f.customer)} até ela por meio de ${f.channel}.`,
        measurement: 'Visitantes que deixam o e-mail',
        expectation: 'Pelo menos 10%',
      },
      preSale: {
        title: (f) => `Pré-venda de ${f.product}`,
        statement: (f) => `${f.customer} vão pagar por ${f.product}`,
        description: () =>
          'Ofereça acesso antecipado a um preço real e peça um compromisso (um depósito ou uma carta de intenção assinada).',
        measurement: 'Interessados que se comprometem a pagar',
        expectation: 'Pelo menos 3 de 20',
      },
    },
    vpc: {
      job: (f) => `Gerenciar ${f.topic} sem perder tempo nem dinheiro`,
      reliever: (p) => `Elimina: ${p}`,
      creator: (g) => `Entrega: ${g}`,
    },
    summaryOf: (n) =>
      n === 1
        ? 'A frase que reúne mais palavras-chave do documento:'
        : `As ${n} frases que reúnem mais palavras-chave do documento:`,
    assistant: {
      none: 'Ainda não encontrei nada sobre isso nos cartões deste projeto. Adicione evidências ou hipóteses, ou pergunte com outras palavras.',
      intro: 'Nos cartões deste projeto, os trechos mais relevantes são:',
    },
  },
};

/** Lower-cases the first letter of a phrase used inside a sentence (names and acronyms kept). */
export function lc(text: string): string {
  const first = text.split(/\s/)[0] ?? '';
  if (/^[A-ZÀ-Ý]{2,}/.test(first) || /[A-Z]/.test(first.slice(1))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}
