/**
 * What the demo organisation holds: a startup's canvas with evidence and experiments in every
 * phase, and a classroom cohort whose teams have done different amounts of discovery (so the
 * leaderboard has something to rank).
 */
import type { CanvasSection, HypothesisResult } from '@assay/domain';

export interface DemoHypothesis {
  key: string;
  section: Exclude<CanvasSection, 'unassigned'>;
  title: string;
  risky?: boolean;
  result?: Exclude<HypothesisResult, 'none'>;
  reason?: string;
}

export interface DemoEvidence {
  type: 'interview' | 'post';
  title: string;
  /** Interviews: days ago it took place, who was interviewed, what was learnt. */
  daysAgo?: number;
  person?: string;
  insights?: string;
  summary?: string;
  /** Hypotheses (by key) it bears on, with the rating (1–3). */
  supports: { key: string; rating: 1 | 2 | 3 }[];
}

export interface DemoExperiment {
  title: string;
  phase: 'plan' | 'test' | 'analyze' | 'complete';
  statement: string;
  plan: string;
  hypothesisKeys: string[];
  learnings?: string;
}

export const DEMO_ORGANIZATION = { name: 'Demo Ventures', slug: 'demo' };
export const DEMO_USER = { email: 'dana.demo@example.com', firstName: 'Dana', lastName: 'Demo' };

export const DEMO_PROJECT = {
  name: 'Campus Bike Repair',
  hypotheses: [
    {
      key: 'commuters',
      section: 'customerSegments',
      title: 'Students who commute by bike',
      risky: true,
      result: 'validated',
      reason: '9 of 12 interviewees ride daily',
    },
    { key: 'staff', section: 'customerSegments', title: 'University staff with e-bikes' },
    {
      key: 'sameDay',
      section: 'valuePropositions',
      title: 'Same-day repair between lectures',
      risky: true,
    },
    {
      key: 'pickup',
      section: 'valuePropositions',
      title: 'Pick-up and drop-off at the bike racks',
      result: 'invalidated',
      reason: 'Nobody wanted to leave a bike unlocked',
    },
    { key: 'app', section: 'channels', title: 'Booking through a campus app' },
    { key: 'union', section: 'channels', title: 'Stand at the student union on Mondays' },
    { key: 'loyalty', section: 'customerRelationships', title: 'Loyalty card: fifth repair free' },
    {
      key: 'perRepair',
      section: 'revenueStreams',
      title: 'Pay per repair, $15 average',
      risky: true,
    },
    {
      key: 'subscription',
      section: 'revenueStreams',
      title: 'Semester tune-up subscription at $40',
    },
    { key: 'mechanics', section: 'keyResources', title: 'Two trained student mechanics' },
    { key: 'parts', section: 'keyPartners', title: 'Local bike shop supplies parts at cost' },
    { key: 'repairs', section: 'keyActivities', title: 'Flat tyres, brakes and gears on site' },
    { key: 'costs', section: 'costStructure', title: 'Parts, a cart and wages: $2,100 a month' },
  ] satisfies DemoHypothesis[],
  evidence: [
    {
      type: 'interview',
      title: 'Interview: Priya, engineering student',
      daysAgo: 12,
      person: 'Priya Raman',
      insights: 'Rides 6 km each way; lost a morning of lectures to a flat last month.',
      supports: [
        { key: 'commuters', rating: 3 },
        { key: 'sameDay', rating: 2 },
      ],
    },
    {
      type: 'interview',
      title: 'Interview: Marcus, cycles from downtown',
      daysAgo: 9,
      person: 'Marcus Lee',
      insights: 'Would never leave the bike unlocked for a pick-up; wants a fix while he waits.',
      supports: [
        { key: 'commuters', rating: 3 },
        { key: 'pickup', rating: 1 },
      ],
    },
    {
      type: 'interview',
      title: 'Interview: Dr. Okafor, staff e-bike rider',
      daysAgo: 5,
      person: 'Ngozi Okafor',
      insights: 'Pays $60 at the shop in town; $15 on campus sounds cheap.',
      supports: [
        { key: 'staff', rating: 2 },
        { key: 'perRepair', rating: 2 },
      ],
    },
    {
      type: 'post',
      title: 'Forum thread: "where do I fix a flat on campus?"',
      summary: '40 replies in a week; most say the nearest shop is 3 km away.',
      supports: [{ key: 'sameDay', rating: 3 }],
    },
    {
      type: 'post',
      title: 'Survey: 118 students on repair prices',
      summary: 'Median acceptable price $14; 62% would pay the same day.',
      supports: [
        { key: 'perRepair', rating: 3 },
        { key: 'subscription', rating: 1 },
      ],
    },
  ] satisfies DemoEvidence[],
  experiments: [
    {
      title: 'Landing page for a semester subscription',
      phase: 'plan',
      statement: 'We believe 1 in 10 visitors will sign up for a $40 subscription.',
      plan: 'Post the page on the student forum for one week.',
      hypothesisKeys: ['subscription'],
    },
    {
      title: 'Pop-up repair stand at the union',
      phase: 'test',
      statement: 'We believe 20 students will bring a bike on a Monday.',
      plan: 'Run the stand from 10 to 4 and count repairs.',
      hypothesisKeys: ['union', 'sameDay'],
    },
    {
      title: 'Price test: $10 vs $15 flat repair',
      phase: 'analyze',
      statement: 'We believe $15 sells as well as $10.',
      plan: 'Alternate the price sign every hour for two days.',
      hypothesisKeys: ['perRepair'],
    },
    {
      title: 'Pick-up service trial',
      phase: 'complete',
      statement: 'We believe riders will leave bikes for pick-up.',
      plan: 'Offer pick-up to 30 riders who booked a repair.',
      hypothesisKeys: ['pickup'],
      learnings:
        'Only 2 of 30 accepted: riders will not leave a bike unlocked. Drop the pick-up idea.',
    },
  ] satisfies DemoExperiment[],
};

export const DEMO_COHORT = {
  name: 'Spring I-Corps (demo)',
  teams: [
    { name: 'Team Solar Chargers', interviews: 7, validated: 2, invalidated: 1, testing: 3 },
    { name: 'Team Tutor Match', interviews: 4, validated: 1, invalidated: 0, testing: 2 },
    { name: 'Team Campus Compost', interviews: 2, validated: 0, invalidated: 1, testing: 1 },
  ],
};
