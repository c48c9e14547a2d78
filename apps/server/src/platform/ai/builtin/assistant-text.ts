/**
 * The built-in assistant's answers to "which hypothesis is riskiest?" and "what should we test
 * next?", per language (a data table): the first hypothesis with why, then the next ones.
 */
import type { Lang } from './text.ts';

export interface AssistantText {
  riskiest: (title: string, reasons: string) => string;
  testNext: (title: string, reasons: string) => string;
  then: (titles: string) => string;
  none: string;
  risky: string;
  noEvidence: string;
  evidence: (n: number, sum: number) => string;
  against: string;
  running: string;
  quote: (title: string) => string;
}

export const ASSISTANT_TEXT: Record<Lang, AssistantText> = {
  en: {
    riskiest: (t, r) => `The riskiest hypothesis is “${t}”: ${r}.`,
    testNext: (t, r) =>
      `Test “${t}” next: ${r}. Draft an experiment or interview questions from it.`,
    then: (list) => `Then: ${list}.`,
    none: 'This project has no published hypotheses yet: add some, then ask again.',
    risky: 'marked risky',
    noEvidence: 'no evidence connected yet',
    evidence: (n, sum) =>
      `${n} piece${n === 1 ? '' : 's'} of evidence, ratings adding up to ${sum}`,
    against: 'the evidence leans against it',
    running: 'an experiment is running',
    quote: (t) => `“${t}”`,
  },
  es: {
    riskiest: (t, r) => `La hipótesis más arriesgada es “${t}”: ${r}.`,
    testNext: (t, r) =>
      `Prueba ahora “${t}”: ${r}. Crea un experimento o preguntas de entrevista a partir de ella.`,
    then: (list) => `Después: ${list}.`,
    none: 'Este proyecto aún no tiene hipótesis publicadas: añade algunas y vuelve a preguntar.',
    risky: 'marcada como arriesgada',
    noEvidence: 'todavía sin evidencia conectada',
    evidence: (n, sum) => `${n} evidencia${n === 1 ? '' : 's'}, con valoraciones que suman ${sum}`,
    against: 'la evidencia va en su contra',
    running: 'hay un experimento en curso',
    quote: (t) => `“${t}”`,
  },
  fr: {
    riskiest: (t, r) => `L'hypothèse la plus risquée est « ${t} » : ${r}.`,
    testNext: (t, r) =>
      `À tester maintenant, « ${t} » : ${r}. Créez-en une expérience ou des questions d'entretien.`,
    then: (list) => `Ensuite : ${list}.`,
    none: "Ce projet n'a pas encore d'hypothèses publiées : ajoutez-en, puis reposez la question.",
    risky: 'marquée risquée',
    noEvidence: "aucune preuve reliée pour l'instant",
    evidence: (n, sum) => `${n} preuve${n === 1 ? '' : 's'}, notes cumulées ${sum}`,
    against: 'les preuves vont plutôt contre',
    running: 'une expérience est en cours',
    quote: (t) => `« ${t} »`,
  },
  it: {
    riskiest: (t, r) => `L'ipotesi più rischiosa è «${t}»: ${r}.`,
    testNext: (t, r) =>
      `Da testare ora, «${t}»: ${r}. Crea un esperimento o domande per le interviste a partire da essa.`,
    then: (list) => `Poi: ${list}.`,
    none: 'Questo progetto non ha ancora ipotesi pubblicate: aggiungine qualcuna e chiedi di nuovo.',
    risky: 'segnata come rischiosa',
    noEvidence: 'ancora nessuna evidenza collegata',
    evidence: (n, sum) => `${n} evidenz${n === 1 ? 'a' : 'e'}, con valutazioni che sommano ${sum}`,
    against: 'le evidenze vanno contro',
    running: 'un esperimento è in corso',
    quote: (t) => `«${t}»`,
  },
  pt: {
    riskiest: (t, r) => `A hipótese mais arriscada é “${t}”: ${r}.`,
    testNext: (t, r) =>
      `Teste agora “${t}”: ${r}. Crie um experimento ou perguntas de entrevista a partir dela.`,
    then: (list) => `Em seguida: ${list}.`,
    none: 'Este projeto ainda não tem hipóteses publicadas: adicione algumas e pergunte de novo.',
    risky: 'marcada como arriscada',
    noEvidence: 'ainda sem evidências conectadas',
    evidence: (n, sum) => `${n} evidência${n === 1 ? '' : 's'}, com avaliações que somam ${sum}`,
    against: 'as evidências vão contra ela',
    running: 'há um experimento em andamento',
    quote: (t) => `“${t}”`,
  },
};
