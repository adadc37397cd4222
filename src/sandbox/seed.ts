/** The seeded demo organisation, with deterministic uuids so tests can import it (seed-load.ts). */
import { nameUuid, taskIdOf } from './ids.ts';
import type { RequestType } from './model.ts';

const person = (first: string, last: string, jobTitle: string) => ({
  id: nameUuid(`user/${first} ${last}`),
  displayName: `${first} ${last}`,
  email: `${first}.${last}@example.com`.toLowerCase(),
  jobTitle,
});

export const users = {
  ada: person('Ada', 'Lovelace', 'Engineering Manager'),
  grace: person('Grace', 'Hopper', 'Senior Software Engineer'),
  alan: person('Alan', 'Turing', 'Staff Engineer'),
  katherine: person('Katherine', 'Johnson', 'Finance Director'),
  margaret: person('Margaret', 'Hamilton', 'Head of Design'),
  dennis: person('Dennis', 'Ritchie', 'Platform Engineer'),
  barbara: person('Barbara', 'Liskov', 'Software Architect'),
  ken: person('Ken', 'Thompson', 'IT Administrator'),
  radia: person('Radia', 'Perlman', 'Security Engineer'),
  tim: person('Tim', 'Berners-Lee', 'Product Designer'),
  frances: person('Frances', 'Allen', 'Financial Analyst'),
  edsger: person('Edsger', 'Dijkstra', 'Software Engineer'),
};
export type SeedUser = keyof typeof users;

const group = (name: string, description: string) => ({
  id: nameUuid(`group/${name}`),
  name,
  description,
});

export const groups = {
  engineering: group('Engineering', 'Everyone who builds and runs the product'),
  finance: group('Finance', 'Accounting, budgets and purchasing'),
  security: group('Security', 'Security engineering and access governance'),
  design: group('Design', 'Product and brand design'),
  allStaff: group('All Staff', 'Every employee'),
};

type Named<T extends Record<string, string>> = { [K in keyof T]: { id: string; name: T[K] } };
const named = <T extends Record<string, string>>(prefix: string, names: T): Named<T> =>
  Object.fromEntries(
    Object.entries(names).map(([key, name]) => [key, { id: nameUuid(`${prefix}/${name}`), name }]),
  ) as Named<T>;

const app = <L extends Record<string, string>>(name: string, description: string, levels: L) => ({
  id: nameUuid(`app/${name}`),
  name,
  description,
  levels: named(`level/${name}`, levels),
  fields: named(`field/${name}`, {
    costCenter: 'Cost center',
    ownerTeam: 'Owner team',
    dataClassification: 'Data classification',
    sensitive: 'Sensitive',
    owners: 'Owners',
  }),
});

export const workApps = {
  github: app('GitHub', 'Source code hosting and code review', {
    read: 'Read',
    write: 'Write',
    admin: 'Admin',
  }),
  aws: app('AWS Console', 'Amazon Web Services management console', {
    readOnly: 'ReadOnly',
    powerUser: 'PowerUser',
    administrator: 'Administrator',
  }),
  figma: app('Figma', 'Interface design and prototyping', { viewer: 'Viewer', editor: 'Editor' }),
  salesforce: app('Salesforce', 'Customer relationship management', {
    standard: 'Standard User',
    manager: 'Sales Manager',
    admin: 'System Administrator',
  }),
  jira: app('Jira', 'Issue and project tracking', { user: 'User', projectAdmin: 'Project Admin' }),
  googleWorkspace: app('Google Workspace', 'Mail, calendar and documents', {
    user: 'User',
    admin: 'Admin',
  }),
};
export type SeedWorkApp = keyof typeof workApps;

type SeedField = keyof (typeof workApps)['github']['fields'];

/**
 * `sensitive` and `owners` are SENSITIVE_FIELD's and APP_OWNERS_FIELD's defaults: the AWS Console
 * needs a confirmation to approve, and Ada, the demo person, keeps it from chat.
 */
export const fieldValues: Partial<Record<SeedWorkApp, Partial<Record<SeedField, string>>>> = {
  github: {
    costCenter: 'CC-1042',
    ownerTeam: 'Developer Experience',
    dataClassification: 'Confidential',
  },
  aws: {
    costCenter: 'CC-1077',
    ownerTeam: 'Platform',
    sensitive: 'yes',
    owners: users.ada.email,
  },
  figma: { ownerTeam: 'Design', owners: users.margaret.email },
  salesforce: { costCenter: 'CC-2010', dataClassification: 'Restricted' },
  jira: { ownerTeam: 'Developer Experience' },
};

const policy = (name: string, requestType: RequestType, approvers: SeedUser[]) => ({
  id: nameUuid(`policy/${name}`),
  name,
  requestType,
  approverIds: approvers.map((key) => users[key].id),
});

export const policies = {
  engineeringLeads: policy('Engineering leads', 'AccessRequest', ['ada', 'alan']),
  securityApproval: policy('Security approval', 'AccessRequest', ['radia', 'ada']),
  cloudOwners: policy('Cloud platform owners', 'AccessRequest', ['ada']),
  designLeads: policy('Design leads', 'AccessRequest', ['tim', 'margaret']),
  salesOps: policy('Sales operations', 'AccessRequest', ['katherine', 'frances']),
  jiraAdmins: policy('Jira administrators', 'AccessRequest', ['dennis']),
  itAdmins: policy('IT administrators', 'AccessRequest', ['ken', 'radia']),
  accessReviewers: policy('Access reviewers', 'EntitlementReview', ['ada']),
  securityReviewers: policy('Security reviewers', 'EntitlementReview', ['radia']),
  itOffboarding: policy('IT offboarding', 'OffboardingStep', ['ada']),
  peopleOffboarding: policy('People offboarding', 'OffboardingStep', ['ken']),
};

/** `level` is `appKey.levelKey`, e.g. `github.write`. */
export const seededAccessId = (level: string, holder: SeedUser) =>
  nameUuid(`access/${level}/${holder}`);

/** Seeded accesses that seeded reviews refer to. */
export const accesses = {
  dennisAwsPowerUser: seededAccessId('aws.powerUser', 'dennis'),
  kenWorkspaceAdmin: seededAccessId('googleWorkspace.admin', 'ken'),
};

export const requests = {
  graceGithubWrite: nameUuid('request/grace-github-write'),
  dennisAwsReview: nameUuid('request/dennis-aws-review'),
  edsgerGithubOffboarding: nameUuid('request/edsger-github-offboarding'),
  timFigmaEditor: nameUuid('request/tim-figma-editor'),
  barbaraJiraAdmin: nameUuid('request/barbara-jira-admin'),
  katherineSalesforceAdmin: nameUuid('request/katherine-salesforce-admin'),
  kenWorkspaceReview: nameUuid('request/ken-workspace-review'),
  alanAwsReadOnly: nameUuid('request/alan-aws-readonly'),
  kenFigmaViewer: nameUuid('request/ken-figma-viewer'),
};

export const graceJustification =
  'I need to push fixes to the compiler repository for the Q3 release.';

/** Ada has exactly three pending: one of each type. */
export const tasks = {
  adaGraceGithubWrite: taskIdOf(requests.graceGithubWrite, users.ada.id),
  alanGraceGithubWrite: taskIdOf(requests.graceGithubWrite, users.alan.id),
  adaDennisAwsReview: taskIdOf(requests.dennisAwsReview, users.ada.id),
  adaEdsgerOffboarding: taskIdOf(requests.edsgerGithubOffboarding, users.ada.id),
  margaretTimFigmaEditor: taskIdOf(requests.timFigmaEditor, users.margaret.id),
  dennisBarbaraJiraAdmin: taskIdOf(requests.barbaraJiraAdmin, users.dennis.id),
  francesKatherineSalesforce: taskIdOf(requests.katherineSalesforceAdmin, users.frances.id),
  radiaKenWorkspaceReview: taskIdOf(requests.kenWorkspaceReview, users.radia.id),
  /** Decided: Ada approved Alan's AWS ReadOnly request; Tim declined Ken's Figma request. */
  adaAlanAwsReadOnly: taskIdOf(requests.alanAwsReadOnly, users.ada.id),
  timKenFigmaViewer: taskIdOf(requests.kenFigmaViewer, users.tim.id),
  margaretKenFigmaViewer: taskIdOf(requests.kenFigmaViewer, users.margaret.id),
};

/** The demo approver, who the shell adapter acts as. */
export const demoApprover = users.ada;
