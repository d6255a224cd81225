/**
 * submit-and-wait → update-by-offset through each kind of filter: a stakeholder's filter sees the create and a
 * non-stakeholder's gets UPDATE_NOT_FOUND; template filters select by template (both reference formats), an empty
 * cumulative list is a wildcard. Part of suite `flows / submit then read` (see submit-and-read.suite.ts).
 */
import { positiveDataAcceptance } from '../../checks/basic.js';
import { expectErrorCode } from '../../checks/error-body.js';
import { eventSetsEqual, writeVisible } from '../../checks/stateful.js';
import { expectCount } from '../../checks/values.js';
import { conformanceSuite, conformanceTest } from '../../harness/library/conformance-test.js';
import {
  CREATED_IOU_CLAUSES,
  createdEvents,
  createIouAndFindIt,
  expectUpdateNotFound,
  type JsonObject,
  judgePackageIdFilter,
  packageIdFormat,
  partyView,
  transactionFormat,
  transactionOf,
  UPDATE_NOT_FOUND_CANTON_CLAUSES,
  updateByOffset,
} from '../support/ledger.js';

conformanceSuite('flows / submit then read', () => {
  conformanceTest(
    {
      name: "a stakeholder's filter sees the create; a non-stakeholder's filter gets UPDATE_NOT_FOUND",
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'event-format.filtersByParty.acs-delta-stakeholders',
        'created-event.witnessParties.filter-parties',
        'created-event.witnessParties.non-empty',
        'update-by-offset.update-not-found.all-filtered',
        'errors.update-not-found',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      requires: ['writes'],
    },
    async (context) => {
      const owner = context.party('alice');
      const { submitted } = await createIouAndFindIt(context, owner);
      const aliceUser = context.userWhere(
        'can read as alice',
        (user) => user.rights.actAs.includes('alice') || user.rights.readAs.includes('alice'),
      ).id;
      const seen = await partyView(context, aliceUser, submitted.completionOffset, owner, 'TRANSACTION_SHAPE_ACS_DELTA');
      const created = createdEvents(transactionOf(seen, 'event-format.filtersByParty.acs-delta-stakeholders').events);
      writeVisible('event-format.filtersByParty.acs-delta-stakeholders', 'creates seen by the owner (an observer)', created, 1, seen);
      const witnesses = (created[0]!.witnessParties as unknown[] | undefined) ?? [];
      expectCount('created-event.witnessParties.non-empty', 'witnessParties', witnesses, { min: 1 }, seen);
      eventSetsEqual(
        'created-event.witnessParties.filter-parties',
        'witnessParties (the filter parties that are stakeholders)',
        [owner],
        witnesses,
        seen,
      );

      const outsider = context.party('bob');
      const bobUser = context.userWhere('can act as bob', (user) => user.rights.actAs.includes('bob')).id;
      const hidden = await partyView(context, bobUser, submitted.completionOffset, outsider, 'TRANSACTION_SHAPE_ACS_DELTA');
      const error = expectUpdateNotFound(context, hidden, submitted.completionOffset, 'update-by-offset.update-not-found.all-filtered');
      expectErrorCode(error, 'UPDATE_NOT_FOUND', 'errors.update-not-found', hidden);
    },
  );

  conformanceTest(
    {
      name: 'template filters select by template (the package-id format: spec and Canton differ); an empty cumulative list is a wildcard',
      endpoint: 'update-by-offset',
      clauses: [
        ...CREATED_IOU_CLAUSES,
        'identifier-filter.TemplateFilter.shape',
        'identifier-filter.TemplateFilter.matches-template',
        'identifier-filter.package-id-format.accepted',
        'versioning.package-name-format.accepted',
        'filters.cumulative.entries-widen',
        'filters.cumulative.may-be-empty',
        'filters.cumulative.empty-means-wildcard',
        ...UPDATE_NOT_FOUND_CANTON_CLAUSES,
      ],
      requires: ['writes'],
    },
    async (context) => {
      const { submitted, payer, bankUser } = await createIouAndFindIt(context, context.party('alice'));
      const templateFilter = (templateId: string): JsonObject => ({
        identifierFilter: { TemplateFilter: { value: { templateId, includeCreatedEventBlob: false } } },
      });
      const lookUp = (filters: JsonObject[]) =>
        updateByOffset(
          context,
          bankUser,
          submitted.completionOffset,
          transactionFormat({ [payer]: filters }, 'TRANSACTION_SHAPE_ACS_DELTA'),
        );
      const iouByName = context.fixtures.templates.iou.templateId;
      const iouById = packageIdFormat(iouByName, context.fixtures.package.id);

      const byName = await lookUp([templateFilter(iouByName)]);
      positiveDataAcceptance(byName, 'identifier-filter.TemplateFilter.shape');
      const namedCreates = createdEvents(transactionOf(byName, 'versioning.package-name-format.accepted').events);
      writeVisible('versioning.package-name-format.accepted', `creates a TemplateFilter on ${iouByName} matches`, namedCreates, 1, byName);
      writeVisible(
        'identifier-filter.TemplateFilter.matches-template',
        `creates a TemplateFilter on ${iouByName} matches`,
        namedCreates,
        1,
        byName,
      );
      judgePackageIdFilter(context, await lookUp([templateFilter(iouById)]), 1, 'TemplateFilter');

      const other = await lookUp([templateFilter(context.fixtures.templates.getCash.templateId)]);
      expectUpdateNotFound(context, other, submitted.completionOffset, 'identifier-filter.TemplateFilter.matches-template');

      const widened = await lookUp([templateFilter(context.fixtures.templates.getCash.templateId), templateFilter(iouByName)]);
      const widenedCreates = createdEvents(transactionOf(widened, 'filters.cumulative.entries-widen').events);
      writeVisible(
        'filters.cumulative.entries-widen',
        'creates matched once a matching TemplateFilter is added',
        widenedCreates,
        1,
        widened,
      );

      const wildcard = await lookUp([]);
      positiveDataAcceptance(wildcard, 'filters.cumulative.may-be-empty');
      const wildcardCreates = createdEvents(transactionOf(wildcard, 'filters.cumulative.empty-means-wildcard').events);
      writeVisible('filters.cumulative.empty-means-wildcard', 'creates an empty cumulative list matches', wildcardCreates, 1, wildcard);
    },
  );
});
