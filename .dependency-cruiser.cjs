/**
 * The layering rules, checked by `npm run deps` (scripts/deps.mjs) as a step of `npm test`.
 * See docs/layering.md. `forbidden` and `options` are dependency-cruiser's own; `layering` is read
 * by scripts/deps.mjs only (folder cycles and feature internals).
 *
 * Every exception below exists today and is listed with its reason so that no new one can appear
 * unnoticed: shrink these lists as issue 25 moves plumbing out of the features; never grow them
 * without a reason a reviewer would accept.
 */
module.exports = {
  forbidden: [
    {
      name: 'client-not-server',
      comment: 'the browser bundle never contains server code; share through src/domain',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-client',
      comment: 'the server never imports UI code; share through src/domain',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'domain-only-domain',
      comment:
        'src/domain is pure and runs on both sides: it imports only itself (no Node builtins, no client or server); spark-md5 is the one package it uses (pure JS hashing, both sides)',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', '^node_modules/spark-md5/'] },
    },
    {
      name: 'sw-only-domain',
      comment: 'the service worker imports only the domain, its own files and workbox',
      severity: 'error',
      from: { path: '^sw/' },
      to: { pathNot: ['^sw/', '^src/domain/', '^node_modules/workbox-'] },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API: dependency-cruiser parses TypeScript with swc
    parser: 'swc',
    // a git worktree links node_modules to the main checkout's: keep the linked path (node_modules/…)
    // so the package rules above match there as they do in a plain clone
    preserveSymlinks: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};

const C = 'client/features/';

module.exports.layering = {
  // Server folders that are plumbing, not features: any folder may import any of their files.
  sharedServer: ['http', 'db', 'ledger', 'realtime', 'jobs', 'auth', 'uploads'],

  /**
   * Folder edges that close a cycle today. scripts/deps.mjs removes them and fails on any cycle left,
   * so a new cycle fails even between folders that already import each other one way. The reason
   * names the cycle the edge closes and what breaks it.
   */
  knownCycleEdges: [
    // server: plumbing that reaches up into a feature
    { from: 'server/realtime', to: 'server/chat', reason: 'the socket layer accepts chat entries and sends chat messages: realtime/ is chat-shaped today (live rooms will split it)' },
    // server: features that call each other both ways
    { from: 'server/account', to: 'server/agent', reason: 'registration consumes invite codes and points; agent/members.ts reuses account users and schemas' },
    { from: 'server/account', to: 'server/grades', reason: 'the profile shows the grade (grades/store.ts); grades read activity/store.ts, and activity uses account/uploads.ts' },
    { from: 'server/lottery', to: 'server/betting', reason: 'settlement and the lottery routes use betting/groups.ts while betting reads lottery issues and lotteries' },
    { from: 'server/records', to: 'server/reports', reason: 'records/profitLoss.ts uses reports/rollups.ts while reports use records/bills.ts' },
    { from: 'server/push', to: 'server/chat', reason: 'push entries look up chat rooms while chat posts push entries' },
    { from: 'server/redEnvelope', to: 'server/chat', reason: 'an envelope is a chat message (redEnvelope uses chat messages, rooms, send) while chat mounts and renders envelopes' },
    { from: 'server/share', to: 'server/chat', reason: 'a shared bet is a chat message (share/routes.ts uses chat send and rooms) while chat builds share cards' },
    // client: plumbing and the route table
    { from: `${C}agent`, to: 'client/routes.ts', reason: 'agent/menu.ts links by route path from routes.ts, which lazy-loads agent routes' },
    { from: `${C}home`, to: 'client/routes.ts', reason: 'home/links.ts links by route path from routes.ts, which loads the home page' },
    // client: features that call each other both ways
    { from: `${C}account`, to: `${C}agent`, reason: 'the profile page shows agent/menu.ts while agent uses the account api (checkUser) and the MenuList row type' },
    { from: `${C}home`, to: `${C}chat`, reason: 'home shows the chat unread count while the chat guest page links home (home/links.ts)' },
    { from: `${C}toolbar`, to: `${C}chat`, reason: 'the toolbar shows the chat unread count; chat links home/links.ts, which links routes.ts, which loads the toolbar embed page' },
    { from: `${C}plans`, to: `${C}chat`, reason: 'a plan card is a chat message (plans uses the chat message type) while chat renders plan cards' },
    { from: `${C}redEnvelope`, to: `${C}chat`, reason: 'an envelope is a chat message (chat api types, MessageItem) while chat renders envelopes' },
    { from: `${C}share`, to: `${C}chat`, reason: 'a shared bet is posted to chat (chat/api.ts) while chat renders shared cards' },
    { from: `${C}share`, to: `${C}follow`, reason: 'a shared card opens follow-betting; follow uses lottery, whose betting page opens ShareDialog.tsx' },
    { from: `${C}share`, to: `${C}records`, reason: 'ShareDialog.tsx pages with records/paging.ts while records opens ShareDialog from bet lists' },
    { from: `${C}records`, to: `${C}lottery`, reason: 'records use the lottery api types and hooks while the betting page opens records/DragonSheet.tsx' },
    { from: `${C}records`, to: `${C}agentReport`, reason: 'records/profitRank.tsx calls agentReport/api.ts while agentReport is built from records components' },
  ],

  /**
   * The files of a feature that other features import today (a feature's other files are its
   * internals). Grouped per feature with the reason they are imported from outside.
   */
  publicModules: {
    // server
    'server/account': { modules: ['loginGuard.ts', 'schemas.ts', 'uploads.ts', 'users.ts'], reason: 'users, login guard, account schemas and image uploads used by admin, agent, cards, chat, payments' },
    'server/activity': { modules: ['store.ts'], reason: 'grades read activity progress' },
    'server/agent': { modules: ['inviteCodes.ts', 'points.ts', 'team.ts'], reason: 'registration uses invite codes and points; reports read the team tree' },
    'server/betting': { modules: ['groups.ts', 'records.ts', 'rows.ts', 'tickets.ts'], reason: 'play groups, bet rows and records read by lottery, agent, admin, reports and share' },
    'server/cards': { modules: ['safety.ts', 'store.ts'], reason: 'the safe-box balance checked by withdraw and red envelopes, shown by admin' },
    'server/chat': { modules: ['entry.ts', 'guests.ts', 'messages.ts', 'passwords.ts', 'rooms.ts', 'schemas.ts', 'send.ts'], reason: 'rooms and messages used by realtime/, envelopes, shares, plans and push' },
    'server/grades': { modules: ['store.ts'], reason: 'the grade shown by account' },
    'server/letters': { modules: ['store.ts'], reason: 'site letters sent by grades, payments and withdraw' },
    'server/lottery': { modules: ['issues.ts', 'lotteries.ts'], reason: 'issues and lotteries read by betting and plans' },
    'server/payments': { modules: ['orders.ts'], reason: 'order expiry run by jobs/cleanup.ts' },
    'server/push': { modules: ['entries.ts'], reason: 'chat posts push entries' },
    'server/records': { modules: ['bills.ts', 'profitLoss.ts'], reason: 'bills and profit-loss reused by reports and share' },
    'server/redEnvelope': { modules: ['adminRoutes.ts', 'routes.ts', 'send.ts', 'view.ts'], reason: 'routes mounted by the chat plugin, envelopes sent and shown in chat' },
    'server/reports': { modules: ['rollups.ts'], reason: 'rollups read by records' },
    'server/share': { modules: ['build.ts', 'routes.ts'], reason: 'share routes mounted by the chat plugin; chat builds share cards' },
    'server/site': { modules: ['content.ts', 'customerService.ts', 'settings.ts', 'status.ts', 'tenant.ts'], reason: 'site settings, tenant and status' },
    'server/withdraw': { modules: ['turnover.ts'], reason: 'the turnover requirement read by admin, activity and payments' },
    // client
    [`${C}account`]: { modules: ['api.ts', 'components/ChangePasswordForm.tsx', 'components/MenuList.tsx', 'components/nav.ts'], reason: 'the account api, the change-password form and the menu parts reused by admin, agent, cards and status' },
    [`${C}activity`]: { modules: ['badge.ts'], reason: 'the badge shown by the toolbar' },
    [`${C}agent`]: { modules: ['menu.ts'], reason: 'the agent menu shown on the profile page' },
    [`${C}agentReport`]: { modules: ['api.ts'], reason: 'the profit ranking in records calls the agent report api' },
    [`${C}cards`]: { modules: ['components/SafetyDialog.tsx', 'state.ts'], reason: 'red envelopes pay from the safe box' },
    [`${C}chat`]: { modules: ['api.ts', 'components/MessageItem.tsx', 'guestApi.ts', 'unread.ts'], reason: 'message types and the message view used by envelopes, plans, shares; unread counts shown by home and toolbar' },
    [`${C}content`]: { modules: ['api.ts'], reason: 'notices and banners shown by home and status' },
    [`${C}follow`]: { modules: ['openFollow.ts'], reason: 'plans and shared cards open follow-betting' },
    [`${C}home`]: { modules: ['links.ts'], reason: 'home links reused by admin and the chat guest page' },
    [`${C}letters`]: { modules: ['UnreadBadge.tsx', 'unread.ts'], reason: 'unread badge in account and toolbar' },
    [`${C}lottery`]: { modules: ['api.ts', 'betsApi.ts', 'clock.ts', 'components/CloseTimer.tsx', 'families.ts', 'hooks/useBetSubmit.ts', 'hooks/useFamilyPlays.ts', 'hooks/useIssue.ts', 'hooks/useLotteries.ts', 'storage.ts', 'ticket.ts'], reason: 'lottery data, hooks and bet submission reused by records, follow, home, agent, chat and admin' },
    [`${C}payments`]: { modules: ['api.ts', 'components/StatusBadge.tsx', 'firstChannel.ts'], reason: 'the recharge entry (firstChannel.ts) opened by home, the tab bar and bet submission; the admin payments panels (features/admin/payments) read the channel and order types and show the status badge players see' },
    [`${C}plans`]: { modules: ['PlanCard.tsx', 'api.ts'], reason: 'plan cards rendered in chat' },
    [`${C}push`]: { modules: ['PushSwitch.tsx', 'subscription.ts'], reason: 'the push switch shown in account and chat' },
    [`${C}records`]: { modules: ['DragonSheet.tsx', 'components/BetList.tsx', 'components/FigureGrid.tsx', 'components/PagedView.tsx', 'components/billApi.ts', 'components/billDetail.tsx', 'components/billFilter.tsx', 'components/billList.tsx', 'components/billTypes.ts', 'components/profitColumns.ts', 'format.ts', 'paging.ts'], reason: 'the record lists are reused by agentReport (same views over a team) and paging by share, chat, wallet' },
    [`${C}redEnvelope`]: { modules: ['EnvelopeCard.tsx', 'payload.ts', 'sendRules.ts', 'useEnvelopes.tsx'], reason: 'envelopes rendered and opened in chat; send rules shown by admin' },
    [`${C}share`]: { modules: ['ShareDialog.tsx', 'SharedCards.tsx'], reason: 'sharing opened from records and lottery, shared cards rendered in chat' },
    [`${C}toolbar`]: { modules: ['FloatingToolbar.tsx', 'api.ts', 'openService.ts', 'position.ts', 'visibility.ts'], reason: 'the toolbar mounted by the shell; customer service opened from account and agent' },
    [`${C}wallet`]: { modules: ['api.ts', 'components/ProductCard.tsx', 'format.ts'], reason: 'the admin pledge panels (features/admin/wallet) use the product types and formats and preview a product as players see it' },
    [`${C}withdraw`]: { modules: ['api.ts', 'components/WithdrawRecords.tsx'], reason: 'the admin withdraw panels (features/admin/withdraw) and user view read withdraw orders and reuse the record list' },
  },
};
