/**
 * The price in a founder's description (#50 item 1): amounts with what they are paid for, rates
 * with a billing word, or how it bills when no amount is given. A fine, a loss, a competitor's fee
 * or what the business spends is not its price.
 */
import { MODEL_CUES } from './model-cues.ts';
import { MONEY, clauses, cueRegex, tidy, unique, wordsOf } from './phrases.ts';
import type { Lang } from './text.ts';

/**
 * Money lost, wasted or owed as a fine ("600 euro andati", "jusqu'à 1 500 € d'amende", "loses
 * $400 a no-show"): a cost of the problem, never the business's price (#50 item 1).
 */
const LOSS: Record<Lang, RegExp> = {
  en: /\b(?:los[et]|loses|losing|gone|wasted?|down the drain|fines?|fined|penalt(?:y|ies))\b/iu,
  es: /\b(?:perd(?:id[oa]s?|emos|en|e|ió|iendo)|tirad[oa]s?|multas?)\b/iu,
  fr: /\b(?:perd(?:u|ue|us|ues|ent|ons|re)?|gaspill\p{L}*|amendes?|pénalités?)\b/iu,
  it: /\b(?:pers[ioe]|perd(?:e|ono|iamo|ere)|andat[ioe]|buttat[ioe]|sprecat[ioe]|multe?|multa)\b/iu,
  pt: /\b(?:perd(?:id[oa]s?|e|em|emos|eu)|jogad[oa]s? fora|desperdiçad[oa]s?|multas?)\b/iu,
};

/**
 * Money owed to the customers ("freelancers owed $500 to $10k on an invoice", "facturas impagas de
 * 2.000 dólares"): the customers' own money at stake, never what the business charges — even beside
 * a billing word, since an unpaid invoice is theirs.
 */
const OWED: Record<Lang, RegExp> = {
  en: /\b(?:owed|owes|owing|unpaid|overdue|outstanding)\b/iu,
  es: /(?<![\p{L}])(?:les deben|le deben|adeud\p{L}*|impag\p{L}*|vencid[oa]s|atrasad[oa]s)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(?:impayé\p{L}*|leur doivent|lui doivent|qu'on leur doit|en retard de paiement)(?![\p{L}])/iu,
  it: /(?<![\p{L}])(?:insolut\p{L}*|non pagat\p{L}*|gli devono|le devono|scadut[ioe])(?![\p{L}])/iu,
  pt: /(?<![\p{L}])(?:devem a eles|lhes devem|em atraso|não pag[ao]s|inadimplente\p{L}*|vencid[oa]s)(?![\p{L}])/iu,
};

/**
 * The business keeping a share ("we keep 15% of what comes in", "nos quedamos con el 10 %"): a
 * take rate is a price even when an amount is the main one.
 */
const KEEPS: Record<Lang, RegExp> = {
  en: /\b(?:keep|take|retain|charge|pays? us|give us)s?\b/iu,
  es: /(?<![\p{L}])(?:nos quedamos|quedamos|cobramos|retenemos|nos llevamos|nos pagan?|nos da[n]?)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(?:gardons|prenons|prélevons|facturons|on garde|on prend|nous reversen?t?|nous versen?t?|nous paien?t?)(?![\p{L}])/iu,
  it: /(?<![\p{L}])(?:teniamo|tratteniamo|prendiamo|chiediamo|ci paga(?:no)?|ci versa(?:no)?|ci riconosc(?:e|ono))(?![\p{L}])/iu,
  pt: /(?<![\p{L}])(?:ficamos com|fica com|retemos|cobramos|levamos|nos paga[m]?|nos repassa[m]?)(?![\p{L}])/iu,
};

/**
 * Someone else earning an amount ("as casas de ração ganham 10 reais por plano vendido", "the
 * clinics receive a fixed fee"): what the business pays out, not its price — unless it is the
 * business that earns it.
 */
const EARNS: Record<Lang, RegExp> = {
  en: /\b(?:earns?|receives?|gets? paid|get a cut|gets a cut)\b/iu,
  es: /(?<![\p{L}])(?:ganan?|reciben?|se llevan?)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(?:gagnent|gagne|touchent|touche|reçoivent|reçoit)(?![\p{L}])/iu,
  it: /(?<![\p{L}])(?:guadagnano|guadagna|ricevono|riceve|prendono)(?![\p{L}])/iu,
  pt: /(?<![\p{L}])(?:ganham|ganha|recebem|recebe|levam|leva)(?![\p{L}])/iu,
};

/**
 * A clause that gives an example ("(ej. $18/h → $23.04/h)", "e.g. $40 for a family of four"): its
 * amounts illustrate the price stated beside them, and are the price only when nothing else is.
 */
const EXAMPLE =
  /^(?:e\.\s?g\.|for (?:example|instance)|ej\.|p\.\s?ej\.|por ejemplo|p\.\s?ex\.|par exemple|ex\.|es\.|ad esempio|per esempio|por exemplo)[\s:,]/iu;

/** The word that says what an amount is paid for ("per", "par", "por", "pro", "al"). */
const PER = /^(?:per|par|por|pro|au|al|ao)$/i;

/** "of" between what is billed and its amount ("a subscription of $12,000"). */
const OF = /^(?:of|de|di|da|du|do|del|des)$/iu;

/** Price cues that only name a period ("a month", "per year"). */
const PERIOD_CUE = /^(?:per|a|an|al|au|por|par|al|ao|à|a la|por|pro)\s/i;

/** The business speaking of itself: "we", "nous", a verb in "-amos"/"-iamo", "our". */
export const OURS: Record<Lang, RegExp> = {
  en: /\b(?:we|our|us)\b/iu,
  es: /(?<![\p{L}])(?:nosotros|nuestr\p{L}*|\p{L}+(?:amos|emos|imos))(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(?:nous|on|notre|nos)(?![\p{L}])/iu,
  it: /(?<![\p{L}])(?:noi|nostr\p{L}*|\p{L}+iamo)(?![\p{L}])/iu,
  pt: /(?<![\p{L}])(?:nós|a gente|noss\p{L}*|\p{L}+(?:amos|emos|imos))(?![\p{L}])/iu,
};

/** Customers spending on something else today ("muchos gastan $600 al mes en diésel"). */
const SPEND: Record<Lang, RegExp> = {
  en: /\b(?:spend|spends|spent|spending)\b/iu,
  es: /(?<![\p{L}])gast(?:an|a|aba|aban|ó|aron)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])dépens(?:ent|e|aient|ait)(?![\p{L}])/iu,
  it: /(?<![\p{L}])spend(?:ono|e|evano|eva)(?![\p{L}])/iu,
  pt: /(?<![\p{L}])gast(?:am|a|ava|avam|ou|aram)(?![\p{L}])/iu,
};

/**
 * The business's own price first: said by the business or of the product, with what it is paid
 * for, not what customers spend elsewhere; then the others in the order they came.
 */
function ranked(found: { text: string; sentence: string }[], lang: Lang, name: string): string[] {
  const period = cueRegex(
    MODEL_CUES[lang].strongPrice.filter((cue) => PERIOD_CUE.test(cue) || /mens|month/.test(cue)),
    `${lang}:period`,
  );
  const score = ({ text, sentence }: { text: string; sentence: string }) =>
    (OURS[lang].test(sentence) || (name && sentence.includes(name)) ? 2 : 0) +
    (period.test(text) ? 1 : 0) -
    (SPEND[lang].test(sentence) ? 2 : 0);
  const sorted = found
    .map((f, i) => ({ f, i, s: score(f) }))
    .sort((a, b) => b.s - a.s || a.i - b.i);
  // After the first, not what customers spend elsewhere ("muchos gastan $600 al mes en diésel").
  return sorted.filter(({ s }, at) => at === 0 || s >= 0).map(({ f }) => f.text);
}

export function pricesOf(all: string[], lang: Lang, name = ''): string[] {
  const cues = MODEL_CUES[lang];
  const price = cueRegex(cues.price, `${lang}:price`);
  const other = cueRegex(
    [...cues.alternative, ...cues.cost, ...cues.costBefore],
    `${lang}:notPrice`,
  );
  const strong = cueRegex(cues.strongPrice, `${lang}:strongPrice`);
  // A period alone ("a month") does not make an amount a price in a sentence about costs.
  const paying = cueRegex(
    cues.strongPrice.filter((cue) => !PERIOD_CUE.test(cue)),
    `${lang}:paying`,
  );
  const costs = cueRegex([...cues.cost, ...cues.costBefore], `${lang}:costs`);
  const found: { text: string; sentence: string }[] = [];
  const perUnit: { text: string; sentence: string }[] = [];
  // What someone else earns, kept in case nothing else is (the business's price may be that).
  const paidOut: { text: string; sentence: string }[] = [];
  // Amounts given as an example of the price, kept in case nothing else is.
  const examples: { text: string; sentence: string }[] = [];
  const billingWord = cueRegex(cues.billing, `${lang}:billing`);
  const dangling = new Set(cues.dangling);
  const unit = cueRegex(cues.unit, `${lang}:unit`);
  const rate = cueRegex(cues.rate, `${lang}:rate`);
  const joins = new Set(cues.listJoin.map((w) => w.toLowerCase()));
  for (const sentence of all) {
    const cued = price.test(sentence) || strong.test(sentence);
    // What competitors cost, or what the business spends, is not its price.
    if (cued && other.test(sentence) && !strong.test(sentence)) continue;
    for (const clause of clauses(sentence)) {
      const m = MONEY.exec(clause);
      if (!m) continue;
      if (other.test(clause) && !strong.test(clause)) continue;
      if (costs.test(sentence) && !paying.test(clause)) continue;
      if (LOSS[lang].test(clause) && !strong.test(clause)) continue;
      if (OWED[lang].test(clause) && !OURS[lang].test(clause)) continue;
      // "ganham 10 reais por plano": the verb of earning just before the amount.
      const earned = EARNS[lang].test(wordsOf(clause.slice(0, m.index)).slice(-3).join(' '));
      if (earned && !OURS[lang].test(clause) && !strong.test(clause)) {
        paidOut.push({
          text: tidy(
            `${m[0].trim()} ${wordsOf(clause.slice(m.index + m[0].length))
              .slice(0, 3)
              .join(' ')}`,
            lang,
          ),
          sentence,
        });
        continue;
      }
      if (!cued) {
        // No price word, but "$25 per walk": an amount per unit, kept in case nothing else is.
        const after = clause.slice(m.index + m[0].length);
        const next = wordsOf(after)[0] ?? '';
        // "… a peça por dia": up to the time it is paid for, within a few words.
        const perTime = rate.exec(wordsOf(after).slice(0, 5).join(' '));
        const paidFor = perTime
          ? wordsOf(
              wordsOf(after)
                .slice(0, 5)
                .join(' ')
                .slice(0, perTime.index + perTime[0].length),
            )
          : wordsOf(after).slice(0, 2);
        // "$35 a session", "35 € la séance", "35 euro a lezione": the article says per what; not
        // "a lot", "a few" or "a bit".
        const perWhat = !/^(?:a|an)$/i.test(next) || /^\p{L}{3,}/u.test(wordsOf(after)[1] ?? '');
        const vague = /^(?:lot|few|bit|little|couple)$/i.test(wordsOf(after)[1] ?? '');
        if (!other.test(sentence) && ((unit.test(next) && perWhat && !vague) || perTime))
          perUnit.push({ text: tidy(`${m[0].trim()} ${paidFor.join(' ')}`, lang), sentence });
        continue;
      }
      // The amount, then what it is paid for: "per month per practice", "booking fee per job".
      const tail = wordsOf(clause.slice(m.index + m[0].length)).slice(0, 5);
      const paid = paidFor(tail, joins);
      const joined = paid.joined;
      let kept = paid.kept;
      // One word cut from a pair ("60 reais ida e volta") is a fragment, unless it says what the
      // amount is paid for ("$9 monthly and…").
      if (
        joined === 1 &&
        !(unit.test(kept[0]!) || strong.test(kept[0]!) || billingWord.test(kept[0]!))
      )
        kept = [];
      // What it is, when named just before the amount ("an annual subscription of $12,000").
      // The billing word ends the words before the amount, or only "of" follows it.
      const lead = wordsOf(clause.slice(0, m.index)).slice(-3);
      const last = lead.length - (OF.test(lead.at(-1) ?? '') ? 2 : 1);
      const named = last >= 0 && billingWord.test(lead[last]!) ? last : -1;
      // …with the adjective before it ("annual", "mensal"), not a joining word ("oppure").
      const from =
        named > 0 &&
        !dangling.has(lead[named - 1]!.toLowerCase()) &&
        !joins.has(lead[named - 1]!.toLowerCase())
          ? named - 1
          : named;
      const head = named >= 0 ? `${lead.slice(from).join(' ')} ` : '';
      const text = tidy(`${head}${m[0].trim()} ${kept.join(' ')}`, lang);
      (EXAMPLE.test(clause) ? examples : found).push({ text, sentence });
    }
  }
  if (found.length === 0) found.push(...perUnit);
  if (found.length === 0) found.push(...paidOut);
  if (found.length === 0) {
    // A percentage with a billing word is the price ("a fee of 1.9% per month", "12% commission").
    const billing = cueRegex(cues.billing, `${lang}:billing`);
    for (const sentence of all) {
      if (!billing.test(sentence) && !strong.test(sentence)) continue;
      for (const clause of clauses(sentence)) {
        const m = /\d+(?:[.,]\d+)?\s?%/.exec(clause);
        if (!m || !(billing.test(clause) || strong.test(clause))) continue;
        const tail = wordsOf(clause.slice(m.index + m[0].length)).slice(0, 4);
        found.push({ text: tidy(`${m[0]} ${tail.join(' ')}`, lang), sentence });
      }
    }
  }
  if (found.length === 0) found.push(...examples);
  if (found.length === 0) return billingOf(all, lang);
  // The share the business keeps, after its amounts ("$79 a letter; we keep 15% of a settlement").
  const shares: string[] = [];
  for (const sentence of all)
    for (const clause of clauses(sentence)) {
      // A range too ("10 à 15 %", "10-15%").
      const m = /\d+(?:[.,]\d+)?(?:\s?%?\s?(?:-|–|to|a|à)\s?\d+(?:[.,]\d+)?)?\s?%/u.exec(clause);
      if (!m || !OURS[lang].test(clause) || !KEEPS[lang].test(clause.slice(0, m.index))) continue;
      const tail = wordsOf(clause.slice(m.index + m[0].length)).slice(0, 5);
      // As said ("of what comes in": tidying would cut its last word).
      const said = paidFor(tail, joins, false)
        .kept.join(' ')
        .replace(/[.:;!?]+$/, '');
      shares.push(`${m[0]} ${said}`.trim());
    }
  return unique([...ranked(found, lang, name), ...shares]).slice(0, 3);
}

/**
 * The words after an amount that say what it is paid for: up to the clause's end, or where another
 * clause joins ("… por evento y cobramos …", "10% de servicio y al grupo…"); "par mois et par
 * balance" goes on saying what it is paid for, not a new clause — unless `perGoesOn` is false (a
 share: "10 % de servicio y al grupo…"). `joined`: where that join was.
 */
function paidFor(
  tail: string[],
  joins: Set<string>,
  perGoesOn = true,
): { kept: string[]; joined: number } {
  const end = tail.findIndex((w) => /[.:;!?]$/.test(w));
  const joined = tail.findIndex(
    (w, i) => i > 0 && joins.has(w.toLowerCase()) && !(perGoesOn && PER.test(tail[i + 1] ?? '')),
  );
  const kept =
    joined >= 0 && (end < 0 || joined <= end)
      ? tail.slice(0, joined)
      : end >= 0
        ? tail.slice(0, end + 1)
        : tail;
  return { kept, joined };
}

/** No amount: how it bills still belongs in the revenue model ("a monthly subscription"). */
function billingOf(all: string[], lang: Lang): string[] {
  const cues = MODEL_CUES[lang];
  const billing = cueRegex(cues.billing, `${lang}:billing`);
  const dangling = new Set(cues.dangling);
  for (const sentence of all) {
    const m = billing.exec(sentence);
    if (!m) continue;
    // Up to two words before it ("a monthly") and one adjective after ("mensual").
    const before = wordsOf(sentence.slice(0, m.index)).slice(-2);
    while (
      before.length &&
      !/^(?:a|an|un|una|une|um|uma)$/iu.test(before[0]!) &&
      dangling.has(before[0]!.toLowerCase())
    )
      before.shift();
    if (
      before.length === 2 &&
      !/^(?:a|an|un|una|une|um|uma|one)$/iu.test(before[0]!) &&
      !/ly$/.test(before[1]!)
    )
      before.shift();
    while (
      before.length &&
      dangling.has(before[0]!.toLowerCase()) &&
      !/^(?:a|an|un|una|une|um|uma)$/iu.test(before[0]!)
    )
      before.shift();
    const next = wordsOf(sentence.slice(m.index + m[0].length))[0] ?? '';
    const after =
      /^\p{Ll}+$/u.test(next) &&
      !dangling.has(next) &&
      !cueRegex(cues.via, `${lang}:via`).test(next)
        ? [next]
        : [];
    const phrase = tidy([...before, m[0], ...after].join(' '), lang);
    return phrase ? [phrase] : [];
  }
  return [];
}
