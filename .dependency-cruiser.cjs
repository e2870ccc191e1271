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
    { from: 'server/http', to: 'server/site', reason: 'http/securityHeaders.ts reads site/tenant.ts (tenant lookup is plumbing living in site/)' },
    { from: 'server/http', to: 'server/config.ts', reason: 'http/origin.ts and inflight.ts read the config that config.ts builds with http/publicAddress.ts' },
    { from: 'server/realtime', to: 'server/chat', reason: 'the socket layer accepts chat entries and sends chat messages: realtime/ is chat-shaped today (live rooms will split it)' },
    { from: 'server/admin', to: 'server/payments', reason: 'admin/routes.ts mounts payments/adminRoutes.ts while payments reads admin/ helpers: admin panels need one home' },
    { from: 'server/admin', to: 'server/withdraw', reason: 'admin/routes.ts mounts withdraw/adminRoutes.ts and reads withdraw/turnover.ts while withdraw reads admin/ helpers' },
    // server: features that call each other both ways
    { from: 'server/account', to: 'server/agent', reason: 'registration consumes invite codes and points; agent/members.ts reuses account users and schemas' },
    { from: 'server/account', to: 'server/grades', reason: 'the profile shows the grade (grades/store.ts); grades read activity/store.ts, and activity uses account/uploads.ts' },
    { from: 'server/lottery', to: 'server/betting', reason: 'settlement and the lottery routes use betting/groups.ts while betting reads lottery issues and lotteries' },
    { from: 'server/records', to: 'server/reports', reason: 'records/profitLoss.ts uses reports/rollups.ts while reports use records/bills.ts' },
    { from: 'server/push', to: 'server/chat', reason: 'push entries look up chat rooms while chat posts push entries' },
    { from: 'server/redEnvelope', to: 'server/chat', reason: 'an envelope is a chat message (redEnvelope uses chat messages, rooms, send) while chat mounts and renders envelopes' },
    { from: 'server/share', to: 'server/chat', reason: 'a shared bet is a chat message (share/routes.ts uses chat send and rooms) while chat builds share cards' },
    // client: plumbing and the route table
    { from: 'client/state', to: 'client/api', reason: 'state/ (session, tenant, network) calls api/request.ts while api/request.ts reports to state/network.ts' },
    { from: `${C}agent`, to: 'client/routes.ts', reason: 'agent/menu.ts links by route path from routes.ts, which lazy-loads agent routes' },
    { from: `${C}home`, to: 'client/routes.ts', reason: 'home/links.ts links by route path from routes.ts, which loads the home page' },
    // client: admin panels live in features/admin/ and features/<x>/admin/ (one home: issue 25)
    { from: `${C}payments`, to: `${C}admin`, reason: 'admin/api.ts is shared; admin/ hosts payments panels and uses payments/admin/fields.tsx' },
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
    'server/payments': { modules: ['adminRoutes.ts', 'orders.ts'], reason: 'admin routes mounted by admin/; order expiry run by jobs/cleanup.ts' },
    'server/push': { modules: ['entries.ts'], reason: 'chat posts push entries' },
    'server/records': { modules: ['bills.ts', 'profitLoss.ts'], reason: 'bills and profit-loss reused by reports and share' },
    'server/redEnvelope': { modules: ['adminRoutes.ts', 'routes.ts', 'send.ts', 'view.ts'], reason: 'routes mounted by the chat plugin, envelopes sent and shown in chat' },
    'server/reports': { modules: ['rollups.ts'], reason: 'rollups read by records' },
    'server/share': { modules: ['build.ts', 'routes.ts'], reason: 'share routes mounted by the chat plugin; chat builds share cards' },
    'server/site': { modules: ['content.ts', 'customerService.ts', 'settings.ts', 'status.ts', 'tenant.ts'], reason: 'site settings, tenant and status' },
    'server/wallet': { modules: ['adminRoutes.ts'], reason: 'admin routes mounted by admin/' },
    'server/withdraw': { modules: ['adminRoutes.ts', 'turnover.ts'], reason: 'admin routes mounted by admin/; the turnover requirement read by admin, activity and payments' },
    // client
    [`${C}account`]: { modules: ['api.ts', 'components/ChangePasswordForm.tsx', 'components/MenuList.tsx', 'components/nav.ts'], reason: 'the account api, the change-password form and the menu parts reused by admin, agent, cards and status' },
    [`${C}activity`]: { modules: ['admin/ActivityEnvelopesPanel.tsx', 'admin/ActivityForm.tsx', 'admin/activitiesApi.ts', 'badge.ts'], reason: 'admin panels hosted by features/admin (admin panels need one home); the badge shown by the toolbar' },
    [`${C}admin`]: { modules: ['api.ts'], reason: 'the admin api helpers used by the panels that live in other features' },
    [`${C}agent`]: { modules: ['menu.ts'], reason: 'the agent menu shown on the profile page' },
    [`${C}agentReport`]: { modules: ['api.ts'], reason: 'the profit ranking in records calls the agent report api' },
    [`${C}cards`]: { modules: ['components/SafetyDialog.tsx', 'state.ts'], reason: 'red envelopes pay from the safe box' },
    [`${C}chat`]: { modules: ['api.ts', 'components/MessageItem.tsx', 'guestApi.ts', 'unread.ts'], reason: 'message types and the message view used by envelopes, plans, shares; unread counts shown by home and toolbar' },
    [`${C}content`]: { modules: ['api.ts'], reason: 'notices and banners shown by home and status' },
    [`${C}follow`]: { modules: ['openFollow.ts'], reason: 'plans and shared cards open follow-betting' },
    [`${C}home`]: { modules: ['links.ts'], reason: 'home links reused by admin and the chat guest page' },
    [`${C}letters`]: { modules: ['UnreadBadge.tsx', 'adminApi.ts', 'unread.ts'], reason: 'unread badge in account and toolbar; the admin letter api used by features/admin' },
    [`${C}lottery`]: { modules: ['api.ts', 'betsApi.ts', 'clock.ts', 'components/CloseTimer.tsx', 'families.ts', 'hooks/useBetSubmit.ts', 'hooks/useFamilyPlays.ts', 'hooks/useIssue.ts', 'hooks/useLotteries.ts', 'storage.ts', 'ticket.ts'], reason: 'lottery data, hooks and bet submission reused by records, follow, home, agent, chat and admin' },
    [`${C}payments`]: { modules: ['admin/ChannelsPanel.tsx', 'admin/RechargeOrdersPanel.tsx', 'admin/api.ts', 'admin/fields.tsx', 'components/CopyRow.tsx', 'firstChannel.ts'], reason: 'admin panels hosted by features/admin; fields.tsx and CopyRow.tsx are shared form UI (move to ui/)' },
    [`${C}plans`]: { modules: ['PlanCard.tsx', 'api.ts'], reason: 'plan cards rendered in chat' },
    [`${C}push`]: { modules: ['PushSwitch.tsx', 'subscription.ts'], reason: 'the push switch shown in account and chat' },
    [`${C}records`]: { modules: ['DragonSheet.tsx', 'components/BetList.tsx', 'components/FigureGrid.tsx', 'components/PagedView.tsx', 'components/billApi.ts', 'components/billDetail.tsx', 'components/billFilter.tsx', 'components/billList.tsx', 'components/billTypes.ts', 'components/profitColumns.ts', 'format.ts', 'paging.ts'], reason: 'the record lists are reused by agentReport (same views over a team) and paging by share, chat, wallet' },
    [`${C}redEnvelope`]: { modules: ['EnvelopeCard.tsx', 'payload.ts', 'sendRules.ts', 'useEnvelopes.tsx'], reason: 'envelopes rendered and opened in chat; send rules shown by admin' },
    [`${C}share`]: { modules: ['ShareDialog.tsx', 'SharedCards.tsx'], reason: 'sharing opened from records and lottery, shared cards rendered in chat' },
    [`${C}toolbar`]: { modules: ['FloatingToolbar.tsx', 'api.ts', 'openService.ts', 'position.ts', 'visibility.ts'], reason: 'the toolbar mounted by the shell; customer service opened from account and agent' },
    [`${C}wallet`]: { modules: ['admin/PledgeProductsPanel.tsx'], reason: 'admin panel hosted by features/admin' },
    [`${C}withdraw`]: { modules: ['admin/WithdrawOrdersPanel.tsx', 'admin/WithdrawSettingsPanel.tsx', 'api.ts'], reason: 'admin panels hosted by features/admin; withdraw records shown in the admin user view' },
  },
};
