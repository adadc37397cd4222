/** Loads `seed.ts` into a state, with a history of requests relative to `now`. */
import type { RequestType } from './model.ts';
import {
  accesses,
  fieldValues,
  graceJustification,
  groups,
  policies,
  requests,
  type SeedUser,
  type SeedWorkApp,
  seededAccessId,
  tasks,
  users,
  workApps,
} from './seed.ts';
import type { SandboxState } from './state.ts';

const everyone = Object.keys(users) as SeedUser[];

/** Groups: members, default WorkApps, hidden WorkApps. */
const memberships: Record<keyof typeof groups, [SeedUser[], SeedWorkApp[], SeedWorkApp[]]> = {
  engineering: [
    ['ada', 'grace', 'alan', 'dennis', 'barbara', 'edsger'],
    ['github', 'jira', 'aws'],
    ['salesforce'],
  ],
  finance: [
    ['katherine', 'frances'],
    ['salesforce', 'googleWorkspace'],
    ['github', 'aws'],
  ],
  security: [['radia', 'ken', 'ada'], ['aws', 'github'], ['figma']],
  design: [['margaret', 'tim'], ['figma', 'jira'], ['aws']],
  allStaff: [everyone, ['googleWorkspace', 'jira'], []],
};

/** Policy assignments: on the app, and level overrides as `app.level`. */
const assignments: [string, RequestType, keyof typeof policies][] = [
  ['github', 'AccessRequest', 'engineeringLeads'],
  ['github.admin', 'AccessRequest', 'securityApproval'],
  ['github', 'EntitlementReview', 'accessReviewers'],
  ['github', 'OffboardingStep', 'itOffboarding'],
  ['aws', 'AccessRequest', 'cloudOwners'],
  ['aws.administrator', 'AccessRequest', 'securityApproval'],
  ['aws', 'EntitlementReview', 'accessReviewers'],
  ['aws', 'OffboardingStep', 'itOffboarding'],
  ['figma', 'AccessRequest', 'designLeads'],
  ['salesforce', 'AccessRequest', 'salesOps'],
  ['jira', 'AccessRequest', 'jiraAdmins'],
  ['googleWorkspace', 'AccessRequest', 'itAdmins'],
  ['googleWorkspace', 'EntitlementReview', 'securityReviewers'],
  ['figma', 'OffboardingStep', 'peopleOffboarding'],
  ['salesforce', 'OffboardingStep', 'peopleOffboarding'],
  ['jira', 'OffboardingStep', 'peopleOffboarding'],
  ['googleWorkspace', 'OffboardingStep', 'peopleOffboarding'],
];

/** Granted accesses as `app.level` → users. */
const granted: Record<string, SeedUser[]> = {
  'github.admin': ['ada'],
  'github.write': ['alan', 'dennis', 'barbara', 'edsger'],
  'github.read': ['grace', 'ken'],
  'aws.administrator': ['ada'],
  'aws.powerUser': ['dennis'],
  'aws.readOnly': ['radia'],
  'figma.editor': ['margaret'],
  'figma.viewer': ['tim'],
  'salesforce.standard': ['katherine'],
  'salesforce.manager': ['frances'],
  'jira.projectAdmin': ['dennis'],
  'jira.user': ['ada', 'grace', 'barbara', 'margaret', 'tim'],
  'googleWorkspace.user': everyone,
  'googleWorkspace.admin': ['ken'],
};

const hoursAgo = (now: Date, h: number) => new Date(now.getTime() - h * 3_600_000);

function appAndLevel(path: string) {
  const [appKey, levelKey] = path.split('.') as [SeedWorkApp, string | undefined];
  const app = workApps[appKey];
  const levels: Record<string, { id: string }> = app.levels;
  return { app, levelId: levelKey === undefined ? undefined : levels[levelKey]!.id };
}

export function loadSeed(state: SandboxState, now: Date): void {
  for (const user of Object.values(users)) state.addUser({ ...user });
  for (const [key, app] of Object.entries(workApps)) {
    const values: Record<string, string> = fieldValues[key as SeedWorkApp] ?? {};
    state.addWorkApp(
      { id: app.id, name: app.name, description: app.description },
      Object.values(app.levels).map((level) => ({
        ...level,
        description: `${level.name} access to ${app.name}`,
      })),
      Object.entries(app.fields).map(([key, field]) => ({ ...field, value: values[key] ?? null })),
    );
  }
  for (const [key, [members, defaults, hidden]] of Object.entries(memberships)) {
    state.addGroup(
      { ...groups[key as keyof typeof groups] },
      {
        memberIds: members.map((u) => users[u].id),
        defaultWorkAppIds: defaults.map((a) => workApps[a].id),
        hiddenWorkAppIds: hidden.map((a) => workApps[a].id),
      },
    );
  }
  for (const policy of Object.values(policies)) {
    state.addPolicy({ ...policy, approverIds: [...policy.approverIds] });
  }
  for (const [path, type, policyKey] of assignments) {
    const { app, levelId } = appAndLevel(path);
    state.assignPolicy(app.id, levelId ?? null, type, policies[policyKey].id);
  }
  for (const [path, holders] of Object.entries(granted)) {
    const { app, levelId } = appAndLevel(path);
    for (const holder of holders) {
      state.grantAccess({
        id: seededAccessId(path, holder),
        workAppId: app.id,
        userId: users[holder].id,
        ...(levelId && { permissionLevelId: levelId }),
        at: hoursAgo(now, 24 * 90),
      });
    }
  }
  loadHistory(state, now);
}

/** Access requests of the last days: `app.level`, who asked, how many hours ago, and why. */
const accessRequests: [keyof typeof requests, string, SeedUser, number, string][] = [
  ['alanAwsReadOnly', 'aws.readOnly', 'alan', 72, 'Read the production dashboards during on-call.'],
  ['kenFigmaViewer', 'figma.viewer', 'ken', 120, 'Look at the new login screens.'],
  ['graceGithubWrite', 'github.write', 'grace', 3, graceJustification],
  ['timFigmaEditor', 'figma.editor', 'tim', 5, 'I am taking over the onboarding flow designs.'],
  [
    'barbaraJiraAdmin',
    'jira.projectAdmin',
    'barbara',
    8,
    'Set up the workflow of the new Compiler project.',
  ],
  [
    'katherineSalesforceAdmin',
    'salesforce.admin',
    'katherine',
    30,
    'Configure the quarterly revenue reports.',
  ],
];

function loadHistory(state: SandboxState, now: Date): void {
  for (const [request, path, user, agoHours, justification] of accessRequests) {
    const { app, levelId } = appAndLevel(path);
    state.createAccessRequest({
      id: requests[request],
      workAppId: app.id,
      userId: users[user].id,
      ...(levelId && { permissionLevelId: levelId }),
      justification,
      at: hoursAgo(now, agoHours),
    });
  }
  const approvedAt = hoursAgo(now, 68);
  state.decideTask(tasks.adaAlanAwsReadOnly, 'Approved', users.ada.id, undefined, approvedAt);
  const reason = 'Ask the designers for a share link instead; licences are tight this quarter.';
  state.decideTask(tasks.timKenFigmaViewer, 'Declined', users.tim.id, reason, hoursAgo(now, 96));
  state.createEntitlementReview({
    id: requests.dennisAwsReview,
    accessId: accesses.dennisAwsPowerUser,
    requestedBy: users.radia.id,
    at: hoursAgo(now, 26),
  });
  state.createEntitlementReview({
    id: requests.kenWorkspaceReview,
    accessId: accesses.kenWorkspaceAdmin,
    requestedBy: users.ada.id,
    at: hoursAgo(now, 20),
  });
  state.createOffboardingStep({
    id: requests.edsgerGithubOffboarding,
    userId: users.edsger.id,
    workAppId: workApps.github.id,
    requestedBy: users.ken.id,
    step: "Revoke Edsger Dijkstra's GitHub access (last day: Friday)",
    at: hoursAgo(now, 1),
  });
}
