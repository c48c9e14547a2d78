/**
 * What a founder says the business does in the first person plural ("we install smart locks",
 * "instalamos cerraduras y hacemos la entrega", "nous installons…") said of the business, so its
 * name can lead it ("Voltnest installs smart locks", "Voltnest instala cerraduras y hace la
 * entrega"). Only the verbs that open the phrase or follow "and" change: a first person plural is
 * marked by its ending in every language here but English, where a verb after "and" is known by
 * the determiner after it ("and handle the handovers").
 */
import type { Lang } from './text.ts';

/** "We" before the verb, said or not ("nosotros instalamos", "instalamos"). */
const WE: Record<Lang, RegExp> = {
  en: /^we\s+/iu,
  es: /^nosotros\s+/iu,
  fr: /^(?:nous|on)\s+/iu,
  it: /^noi\s+/iu,
  pt: /^(?:nós|a gente)\s+/iu,
};

const AND: Record<Lang, RegExp> = {
  en: /^(?:and|or)$/iu,
  es: /^(?:y|e|o)$/iu,
  fr: /^(?:et|ou)$/iu,
  it: /^(?:e|ed|o)$/iu,
  pt: /^(?:e|ou)$/iu,
};

/** French verbs whose "nous" form does not give the "il" form by "-ons" → "-e". */
const FR_IRREGULAR: Record<string, string> = {
  faisons: 'fait',
  avons: 'a',
  sommes: 'est',
  allons: 'va',
  prenons: 'prend',
  vendons: 'vend',
  rendons: 'rend',
  mettons: 'met',
  disons: 'dit',
  construisons: 'construit',
  produisons: 'produit',
  réduisons: 'réduit',
  traduisons: 'traduit',
  conduisons: 'conduit',
  pouvons: 'peut',
  voulons: 'veut',
  devons: 'doit',
  recevons: 'reçoit',
  venons: 'vient',
  tenons: 'tient',
};

/** Italian verbs in "-ere" or "-ire" (the "-are" ones, most, take "-a"). */
const IT_IRREGULAR: Record<string, string> = {
  proponiamo: 'propone',
  componiamo: 'compone',
  facciamo: 'fa',
  abbiamo: 'ha',
  siamo: 'è',
  andiamo: 'va',
  diamo: 'dà',
  vendiamo: 'vende',
  mettiamo: 'mette',
  prendiamo: 'prende',
  offriamo: 'offre',
  apriamo: 'apre',
  scegliamo: 'sceglie',
  raccogliamo: 'raccoglie',
  produciamo: 'produce',
  riduciamo: 'riduce',
  traduciamo: 'traduce',
  conduciamo: 'conduce',
  scriviamo: 'scrive',
  leggiamo: 'legge',
  risolviamo: 'risolve',
  promuoviamo: 'promuove',
  riceviamo: 'riceve',
  possiamo: 'può',
  vogliamo: 'vuole',
  dobbiamo: 'deve',
  gestiamo: 'gestisce',
  forniamo: 'fornisce',
  puliamo: 'pulisce',
  spediamo: 'spedisce',
  costruiamo: 'costruisce',
  distribuiamo: 'distribuisce',
  garantiamo: 'garantisce',
  seguiamo: 'segue',
  serviamo: 'serve',
  partiamo: 'parte',
  veniamo: 'viene',
  teniamo: 'tiene',
};

/** Spanish and Portuguese verbs whose stem changes, and nouns in "-amos" ("préstamos"). */
const ES_IRREGULAR: Record<string, string | null> = {
  tenemos: 'tiene',
  podemos: 'puede',
  queremos: 'quiere',
  estamos: 'está',
  servimos: 'sirve',
  conseguimos: 'consigue',
  pedimos: 'pide',
  medimos: 'mide',
  seguimos: 'sigue',
  elegimos: 'elige',
  decimos: 'dice',
  venimos: 'viene',
  resolvemos: 'resuelve',
  volvemos: 'vuelve',
  devolvemos: 'devuelve',
  encontramos: 'encuentra',
  contamos: 'cuenta',
  mostramos: 'muestra',
  probamos: 'prueba',
  recomendamos: 'recomienda',
  empezamos: 'empieza',
  préstamos: null,
  ramos: null,
  reclamos: null,
  tramos: null,
  gramos: null,
  kilogramos: null,
  extremos: null,
  últimos: null,
  mínimos: null,
  máximos: null,
};

const PT_IRREGULAR: Record<string, string | null> = {
  fazemos: 'faz',
  temos: 'tem',
  trazemos: 'traz',
  dizemos: 'diz',
  estamos: 'está',
  queremos: 'quer',
  produzimos: 'produz',
  traduzimos: 'traduz',
  reduzimos: 'reduz',
  ramos: null,
  gramos: null,
  extremos: null,
  últimos: null,
  mínimos: null,
  máximos: null,
};

/** The "it" form of a "we" verb, or null when the word is not one. */
function thirdPerson(word: string, lang: Lang, first: boolean): string | null {
  const w = word.toLowerCase();
  switch (lang) {
    case 'en': {
      if (!first || !/^\p{Ll}+$/u.test(w)) return null;
      if (w === 'have') return 'has';
      if (w === 'are' || w === 'were') return null;
      if (/(?:s|sh|ch|x|z|o)$/u.test(w)) return `${w}es`;
      if (/[^aeiou]y$/u.test(w)) return `${w.slice(0, -1)}ies`;
      return `${w}s`;
    }
    case 'es':
    case 'pt': {
      const irregular = (lang === 'es' ? ES_IRREGULAR : PT_IRREGULAR)[w];
      if (irregular !== undefined) return irregular;
      if (!/\p{L}{2}[aei]mos$/u.test(w)) return null;
      return w.replace(/([aei])mos$/u, (_, vowel: string) => (vowel === 'a' ? 'a' : 'e'));
    }
    case 'fr':
      if (FR_IRREGULAR[w]) return FR_IRREGULAR[w]!;
      if (/\p{L}{2}issons$/u.test(w)) return w.replace(/issons$/u, 'it');
      if (!/\p{L}{2}ons$/u.test(w)) return null;
      // "gérons" → "gère", "mangeons" → "mange", "commençons" → "commence".
      return w
        .replace(/([oua])yons$/u, '$1ie')
        .replace(/geons$/u, 'ge')
        .replace(/çons$/u, 'ce')
        .replace(/ons$/u, 'e')
        .replace(/é([^aeiouyéèêà]+e)$/u, 'è$1');
    case 'it':
      if (IT_IRREGULAR[w]) return IT_IRREGULAR[w]!;
      // "-chiamo"/"-ghiamo" keep their hard sound ("colleghiamo" → "collega").
      return /\p{L}{2}iamo$/u.test(w)
        ? w.replace(/(?<=[cg])hiamo$/u, 'a').replace(/iamo$/u, 'a')
        : null;
  }
}

/**
 * The phrase said of the business when it opens with what "we" do; as it is otherwise ("connects
 * landlords…", "el restaurante pide…").
 */
export function ofTheBusiness(phrase: string, lang: Lang): string {
  const we = WE[lang].exec(phrase);
  const rest = we ? phrase.slice(we[0].length) : phrase;
  // "on installe", "a gente instala": the verb is already the one the business takes.
  if (we && /^(?:on|a gente)\s/iu.test(we[0])) return rest;
  const words = rest.split(/(\s+)/);
  const opening = thirdPerson(words[0] ?? '', lang, true);
  // English and French mark "we" by the word: without it, "solutions" or "installs" is no verb.
  if (!opening || ((lang === 'en' || lang === 'fr') && !we)) return phrase;
  words[0] = opening;
  for (let i = 2; i < words.length; i += 2) {
    if (!AND[lang].test(words[i - 2]!)) continue;
    // English: a word after "and" is a verb when a determiner follows it ("and handle the…").
    const english = /^(?:the|a|an|our|their|your|its|his|her|every|each)$/iu.test(
      words[i + 2] ?? '',
    );
    if (lang === 'en' && !english) continue;
    const verb = thirdPerson(words[i]!, lang, lang === 'en');
    if (verb) words[i] = verb;
  }
  return words.join('');
}

/**
 * "We" verbs that say what the business is, has, wants or plans, what it charges or keeps, where
 * it finds customers or whom it works with — read by the other parts of the model, or by none —
 * not what it does for customers.
 */
const NOT_DOING: Record<Lang, RegExp> = {
  en: /^(?:are|were|have|had|need|want|think|plan|hope|believe|know|start|started|launch|launched|charge|keep|take|get|spend|pay|lose|sell|find|reach|meet|advertise|market|promote|partner|work|lease|hire|employ|buy|use|own|also|just|only|then|now|always|often|still|even|already|usually|mostly|basically|actually|really|simply)$/iu,
  es: /^(?:estamos|tenemos|queremos|necesitamos|pensamos|creemos|esperamos|sabemos|cobramos|gastamos|pagamos|perdemos|vendemos|empezamos|comenzamos|arrancamos|somos|buscamos|encontramos|conseguimos|llegamos|anunciamos|promocionamos|trabajamos|retenemos|contratamos|compramos|usamos)$/iu,
  fr: /^(?:sommes|avons|voulons|pensons|croyons|espérons|savons|facturons|dépensons|payons|perdons|vendons|gardons|prenons|cherchons|trouvons|atteignons|arrivons|démarchons|prospectons|commençons|démarrons|lançons|travaillons|prélevons|embauchons|achetons|utilisons)$/iu,
  it: /^(?:siamo|abbiamo|vogliamo|pensiamo|crediamo|speriamo|sappiamo|chiediamo|spendiamo|paghiamo|perdiamo|vendiamo|teniamo|tratteniamo|prendiamo|cerchiamo|troviamo|arriviamo|raggiungiamo|promuoviamo|pubblicizziamo|partiamo|iniziamo|cominciamo|lavoriamo|collaboriamo|assumiamo|compriamo|usiamo)$/iu,
  pt: /^(?:estamos|temos|queremos|precisamos|pensamos|achamos|esperamos|sabemos|cobramos|gastamos|pagamos|perdemos|vendemos|ficamos|somos|buscamos|encontramos|conseguimos|chegamos|divulgamos|anunciamos|começamos|trabalhamos|retemos|contratamos|compramos|usamos)$/iu,
};

/** The same verbs after "a gente" or "on", in the form the business takes. */
const NOT_DOING_THIRD =
  /^(?:tem|é|está|quer|precisa|acha|cobra|vende|fica|busca|encontra|consegue|chega|divulga|começa|trabalha|criou|a|est|veut|pense|facture|vend|garde|prend|cherche|trouve|commence|travaille|démarre|lance)$/iu;

/**
 * What the business does, when a clause says it as "we" with a verb ("nous envoyons un
 * maître-nageur chez eux", "laviamo senz'acqua in 40 minuti", "mandamos audios"): said of the
 * business, or null when the clause is not one (no "we" verb first, or one of being, having,
 * wanting, charging or selling, which other parts of the model read).
 */
export function weDo(clause: string, lang: Lang): string | null {
  const we = WE[lang].exec(clause);
  if ((lang === 'en' || lang === 'fr') && !we) return null;
  const verb = (we ? clause.slice(we[0].length) : clause).split(/\s+/)[0] ?? '';
  // "a gente manda…", "on envoie…": the verb is already the business's own.
  if (we && /^(?:on|a gente)\s/iu.test(we[0])) {
    const said = clause.slice(we[0].length);
    // Not "on en reverse 18 €", "on joue à 4": a figure or a pronoun says what it costs or is.
    return /^\p{Ll}{3,}$/u.test(verb) && !NOT_DOING_THIRD.test(verb) && !/\d/u.test(said)
      ? said
      : null;
  }
  if (!verb || NOT_DOING[lang].test(verb) || !thirdPerson(verb, lang, true)) return null;
  // "tratteniamo il 18%": a share is a price, not something done.
  if (/\d\s?%/u.test(clause)) return null;
  // Also "on lave", "a gente lava": already the business's verb.
  const said = ofTheBusiness(clause, lang);
  return said === clause ? null : said;
}
