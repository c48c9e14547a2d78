/**
 * Labelled descriptions (#50 item 1): a founder who answers questions ("Who's it for? …",
 * "> What's broken?" then the answer), writes notes ("- pa quién: …", "3) O produto: …") or
 * heads a sentence with its topic ("Coûts : …", "competencia: …") has said where each fact
 * belongs. This reads those labels, by general words of each language for the parts of a
 * business model, and gives the parser each part's text, and the description without its labels
 * for the cue-based reading of the rest.
 */
import { sentences, type Lang } from './text.ts';

export type Part =
  | 'segments'
  | 'pains'
  | 'solutions'
  | 'prices'
  | 'channels'
  | 'partners'
  | 'costs'
  | 'alternatives';

/**
 * (a data table) The words of a label for each part, per language, matched as whole words in the
 * label, accents folded. The longest match wins: "who do we work with" is about partners, "who"
 * alone about customers; "what does it cost" is the price, "costs" the costs.
 */
const LABELS: Record<Lang, Record<Part, string[]>> = {
  en: {
    segments: [
      'who',
      'customer',
      'customers',
      'for whom',
      "who's it for",
      'who is it for',
      'who buys',
      'target',
      'segment',
      'users',
      'audience',
      'buyers',
      'market',
    ],
    pains: ['problem', 'pain', 'broken', "what's broken", 'issue', 'why'],
    solutions: [
      'what',
      'what is it',
      'what do you do',
      'what do we do',
      'solution',
      'product',
      'how it works',
      'how does it work',
      'how',
      'offer',
    ],
    prices: [
      'price',
      'prices',
      'pricing',
      'revenue',
      'revenues',
      'how much',
      'what does it cost',
      'what do we charge',
      'business model',
      'monetization',
      'fees',
      'money',
    ],
    channels: [
      'channel',
      'channels',
      'gtm',
      'go to market',
      'acquisition',
      'marketing',
      'distribution',
      'find us',
      'find them',
      'find you',
      'find customers',
      'get customers',
      'reach',
      'sales',
    ],
    partners: [
      'partner',
      'partners',
      'partnerships',
      'work with',
      'who do we work with',
      'suppliers',
    ],
    costs: ['costs', 'cost structure', 'biggest costs', 'expenses', 'spend'],
    alternatives: [
      'competition',
      'competitors',
      'competitor',
      'alternatives',
      'what else is out there',
      'out there',
      'today',
      'instead',
    ],
  },
  es: {
    segments: [
      'quien',
      'quienes',
      'para quien',
      'pa quien',
      'cliente',
      'clientes',
      'segmento',
      'usuarios',
      'publico',
      'quien compra',
      'mercado',
    ],
    pains: ['problema', 'dolor', 'que falla', 'por que'],
    solutions: [
      'que',
      'que es',
      'que hacemos',
      'que hacen',
      'que hace',
      'que haces',
      'que ofrecen',
      'que ofrecemos',
      'que venden',
      'como',
      'como funciona',
      'solucion',
      'producto',
      'servicio',
      'oferta',
    ],
    prices: [
      'precio',
      'precios',
      'cuanto',
      'cuanto cuesta',
      'cuanto cobramos',
      'ingresos',
      'cobro',
      'modelo de negocio',
      'tarifa',
      'tarifas',
    ],
    channels: [
      'canal',
      'canales',
      'como nos encuentran',
      'como los encontramos',
      'como encuentran',
      'como consiguen',
      'como llegan',
      'adquisicion',
      'difusion',
      'distribucion',
      'marketing',
      'ventas',
    ],
    partners: [
      'socios',
      'socio',
      'aliados',
      'alianzas',
      'proveedores',
      'con quien trabajamos',
      'partners',
    ],
    costs: ['costos', 'costes', 'gastos', 'estructura de costos'],
    alternatives: ['competencia', 'competidores', 'alternativas', 'que hay hoy', 'hoy'],
  },
  fr: {
    segments: [
      'qui',
      'pour qui',
      'client',
      'clients',
      'cible',
      'segment',
      'utilisateurs',
      'public',
      'marche',
    ],
    pains: ['probleme', 'le probleme', 'douleur', 'galere', 'pourquoi'],
    solutions: [
      "c'est quoi",
      'quoi',
      'solution',
      'la solution',
      'produit',
      'comment ca marche',
      'comment',
      'offre',
      'ce qu on fait',
      'que faites vous',
      'vous faites quoi',
      'on fait quoi',
      'que proposez vous',
      'que vendez vous',
    ],
    prices: [
      'prix',
      'combien',
      'revenus',
      'revenu',
      'tarif',
      'tarifs',
      'modele economique',
      'business model',
      'chiffre d affaires',
    ],
    channels: [
      'canal',
      'canaux',
      'acquisition',
      'distribution',
      'comment on trouve',
      'comment on les trouve',
      'comment ils nous trouvent',
      'vous trouvent',
      'trouvez vous',
      'marketing',
      'commercialisation',
    ],
    partners: ['partenaires', 'partenaire', 'partenariats', 'fournisseurs', 'avec qui'],
    costs: ['couts', 'cout', 'depenses', 'charges', 'structure de couts'],
    alternatives: ['concurrence', 'concurrents', 'alternatives', "aujourd'hui"],
  },
  it: {
    segments: [
      'chi',
      'per chi',
      'cliente',
      'clienti',
      'target',
      'segmento',
      'utenti',
      'pubblico',
      'chi compra',
      'mercato',
    ],
    pains: ['problema', 'il problema', 'dolore', 'perche'],
    solutions: [
      'cosa',
      'cosa facciamo',
      'cosa fate',
      'cosa fa',
      'cosa offrite',
      'cosa vendete',
      'cos e',
      'soluzione',
      'prodotto',
      'come funziona',
      'come',
      'servizio',
      'offerta',
    ],
    prices: [
      'prezzo',
      'prezzi',
      'quanto costa',
      'quanto',
      'ricavi',
      'entrate',
      'modello di business',
      'tariffa',
      'tariffe',
    ],
    channels: [
      'canale',
      'canali',
      'come ci trovano',
      'come li troviamo',
      'come vi trovano',
      'come trovate',
      'acquisizione',
      'distribuzione',
      'marketing',
      'vendita',
    ],
    partners: ['partner', 'partnership', 'fornitori', 'con chi'],
    costs: ['costi', 'spese', 'struttura dei costi'],
    alternatives: ['concorrenza', 'concorrenti', 'alternative', 'oggi'],
  },
  pt: {
    segments: [
      'quem',
      'para quem',
      'pra quem',
      'quem compra',
      'cliente',
      'clientes',
      'publico',
      'segmento',
      'usuarios',
      'mercado',
    ],
    pains: ['problema', 'dor', 'a dor', 'por que'],
    solutions: [
      'o que',
      'o que e',
      'o que fazemos',
      'o que fazem',
      'o que voces fazem',
      'o que faz',
      'o que oferecem',
      'o que vendem',
      'produto',
      'o produto',
      'solucao',
      'como funciona',
      'como',
      'servico',
      'oferta',
    ],
    prices: [
      'preco',
      'precos',
      'receita',
      'quanto custa',
      'quanto',
      'quanto cobramos',
      'modelo de negocio',
      'tarifa',
      'mensalidade',
    ],
    channels: [
      'canal',
      'canais',
      'divulgacao',
      'aquisicao',
      'distribuicao',
      'como nos acham',
      'como nos encontram',
      'como acham',
      'como encontram',
      'como chegam',
      'marketing',
      'vendas',
    ],
    partners: ['parceiros', 'parceiro', 'parcerias', 'fornecedores', 'com quem'],
    costs: ['custos', 'custo', 'despesas', 'gastos', 'estrutura de custos'],
    alternatives: ['concorrencia', 'concorrentes', 'alternativas', 'hoje'],
  },
};

/** What opens a labelled line: a quote mark, a bullet or a number ("3)", "2."). */
const LEAD = /^\s*(?:>+\s*|[-–—•*·▪]\s*|\(?\d{1,2}[).:]\s*)?/u;

/** A label: a few words, then a colon or a question mark (a Spanish one opened by "¿"). */
const LABEL = /^¿?\s*([^:?¿\n]{1,48}?)\s*(?:\?+|:)(?:\s+|$)/u;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[¿¡"“”«»]/g, '')
    .trim();
}

/** The best part a label names, with the length of the words that named it; null for none. */
function partOf(label: string, lang: Lang): { part: Part; score: number } | null {
  const text = ` ${fold(label).replace(/[^\p{L}\p{N}']+/gu, ' ')} `;
  let best: { part: Part; score: number } | null = null;
  // The label without its article ("Le prix", "A dor", "The pricing").
  const bare = text
    .trim()
    .replace(/^(?:the|our|le|la|les|el|los|las|il|lo|i|o|a|os|as|l')\s*/u, '');
  for (const [part, words] of Object.entries(LABELS[lang]) as [Part, string[]][]) {
    for (const w of words) {
      // A short question word ("qué", "how", "cosa") is a label only alone: "lo que más
      // gastamos" is not "qué".
      if (w.length <= 4 && !w.includes(' ') && bare !== w) continue;
      if (text.includes(` ${w} `) && (!best || w.length > best.score))
        best = { part, score: w.length };
    }
  }
  return best;
}

/** The parts a label names: one, or several in a list ("Partners, costs, competition?"). */
export function partsOfLabel(label: string, lang: Lang): Part[] {
  if (label.split(/\s+/).length > 7) return [];
  const pieces = label.split(/\s*(?:,|&|\/|\s(?:and|y|e|et)\s)\s*/u).filter(Boolean);
  const parts = pieces.map((p) => partOf(p, lang)?.part).filter((p): p is Part => !!p);
  if (pieces.length > 1 && parts.length === pieces.length) return [...new Set(parts)];
  const one = partOf(label, lang);
  return one ? [one.part] : [];
}

export interface Labelled {
  /** Each part's text, as the founder wrote it under its label. */
  parts: Map<Part, string[]>;
  /** The description with its labels taken out (answers kept), for the rest of the parser. */
  text: string;
}

/** A label at the start of a text, with the parts it names and the text after it. */
function leadingLabel(text: string, lang: Lang): { parts: Part[]; rest: string } | null {
  const lead = LEAD.exec(text)?.[0] ?? '';
  const m = LABEL.exec(text.slice(lead.length));
  if (!m) return null;
  const label = m[1]!;
  // A sentence that happens to hold a colon ("Chi deve recuperare non trova nessuno: …") is not
  // a label: a label is a few words with no figures, or a short question.
  const question = /\?/.test(m[0]);
  if (/\d/.test(label) || label.split(/\s+/).length > (question ? 7 : 4)) return null;
  const parts = partsOfLabel(label, lang);
  if (!parts.length) return null;
  return { parts, rest: text.slice(lead.length + m[0].length) };
}

export function readLabels(description: string, lang: Lang): Labelled {
  const parts = new Map<Part, string[]>();
  const add = (part: Part, text: string) => {
    if (!text.trim()) return;
    parts.set(part, [...(parts.get(part) ?? []), text.trim()]);
  };
  const kept: string[] = [];
  const lines = description.split('\n');
  let pending: Part[] | null = null;
  for (const line of lines) {
    if (!line.trim()) {
      kept.push(line);
      continue;
    }
    const head = leadingLabel(line, lang);
    let under: Part[] | null = null;
    let body = line;
    if (head) {
      under = head.parts;
      body = head.rest;
      if (!body.trim()) {
        // A question alone on its line: the answer is the next line.
        pending = head.parts;
        continue;
      }
    } else if (pending) {
      under = pending;
    }
    pending = null;
    // Sentences inside may carry labels of their own ("Biggest costs: …", "Coûts : …").
    const out: string[] = [];
    for (const sentence of sentences(body, lang)) {
      const own = leadingLabel(sentence, lang);
      if (own) {
        for (const p of own.parts.slice(0, 1)) add(p, own.rest);
        out.push(own.rest);
      } else {
        if (under) add(under[0]!, sentence);
        out.push(sentence);
      }
    }
    kept.push(out.join(' '));
  }
  return { parts, text: kept.join('\n') };
}
