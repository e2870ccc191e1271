/**
 * The demo site's two accounts (README): the seed creates them, the lottery seed pays the agent's
 * demo rebates, the tests and screenshots log in with them. A module of its own so the seeds of the
 * features can name them without importing the site seed that imports those seeds.
 */
export const DEMO_USERS = {
  player: { userName: 'player01', password: 'player123' },
  agent: { userName: 'agent01', password: 'agent123' },
} as const;
