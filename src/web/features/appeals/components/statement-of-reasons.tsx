// A statement of reasons (issue #47), as its author reads it on their removed post's page and as staff
// read it beside an appeal: the rule of the Terms broken (in the Terms' own words, linked), the facts,
// how the post was found, and when. Never who decided, never who reported.
import type { Statement } from '../../../../shared/appeals';
import { REMOVAL_FOUND_BY_TEXT, TERMS_RULES_SECTION, termsRule } from '../../../../shared/values/appeals';
import { paths } from '../../../config/paths';
import { LocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';

export function StatementOfReasons({ statement }: { statement: Statement }) {
  const rule = termsRule(statement.rule);
  return (
    <dl className="space-y-3 text-sm text-slate-800 dark:text-slate-200">
      <div>
        <dt className="font-semibold text-slate-900 dark:text-white">Rule broken</dt>
        <dd className="mt-0.5">
          {rule.label}: the Terms (§{TERMS_RULES_SECTION.number}, {TERMS_RULES_SECTION.title}) say you must
          not post anything that {rule.terms}.{' '}
          <Link
            to={`${paths.terms.getHref()}#${TERMS_RULES_SECTION.anchor}`}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            Read the Terms
          </Link>
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900 dark:text-white">Facts</dt>
        <dd className="mt-0.5 whitespace-pre-wrap break-words">{statement.facts}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900 dark:text-white">How it was found</dt>
        <dd className="mt-0.5">{REMOVAL_FOUND_BY_TEXT[statement.foundBy]}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900 dark:text-white">Decided</dt>
        <dd className="mt-0.5">
          <LocalDate isoDate={statement.decidedAt} />
        </dd>
      </div>
    </dl>
  );
}
