import type { PublicCaseStudy } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, CalendarCheck } from 'lucide-react';
import { PageContainer } from '../../../components/layout/page-header';
import { buttonClass } from '../../../components/ui/button';
import { Prose } from './prose';

function Fact({ title, text }: { title: string; text: string }) {
  if (!text) return null;
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900/60">
      <h2 className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">{title}</h2>
      <p className="mt-2 leading-7 text-slate-700 dark:text-slate-300">{text}</p>
    </div>
  );
}

/** What a reader can do next, once the story has convinced them (issue 26: a case study ended without a way on). */
function StudyCallToAction() {
  return (
    <aside
      aria-labelledby="case-study-cta-heading"
      className="mt-12 rounded-2xl bg-blue-800 px-6 py-10 text-center sm:px-10 dark:bg-blue-900"
      data-testid="case-study-cta"
    >
      <h2 id="case-study-cta-heading" className="text-2xl font-bold tracking-tight text-white">
        Want a dashboard like this?
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-blue-100">
        Book a free 30-minute consultation: tell us about your data and the decisions it should support.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/book-consultation" className={buttonClass({ variant: 'inverse', size: 'lg' })}>
          <CalendarCheck aria-hidden="true" className="size-5" />
          Book a free consultation
        </Link>
        <Link to="/contact" className={buttonClass({ variant: 'inverse-outline', size: 'lg' })}>
          Contact us
        </Link>
      </div>
    </aside>
  );
}

/** /case-studies/{slug}: the client, the problem, the dashboard, the outcome, the client's words, then the story. */
export function CaseStudyPage({ study }: { study: PublicCaseStudy }) {
  return (
    <PageContainer>
      <article className="mx-auto max-w-3xl" data-testid="case-study">
        <Link
          to="/case-studies"
          className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All case studies
        </Link>
        <p className="mt-6 text-sm font-medium text-slate-600 dark:text-slate-400" data-testid="case-study-client">
          {study.client}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {study.title}
        </h1>
        {study.pictureUrl ? (
          <img
            src={study.pictureUrl}
            alt={`${study.title}: the dashboard`}
            className="mt-8 w-full rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800"
          />
        ) : null}
        {study.problem || study.outcome ? (
          <div className="mt-8 grid gap-4 sm:grid-cols-2">
            <Fact title="The problem" text={study.problem} />
            <Fact title="The outcome" text={study.outcome} />
          </div>
        ) : null}
        {study.quote ? (
          <figure className="mt-10 border-l-4 border-blue-600 pl-6" data-testid="case-study-quote">
            <blockquote className="text-xl leading-8 font-medium text-slate-900 dark:text-white">
              <p>“{study.quote}”</p>
            </blockquote>
            {study.quoteAuthor ? (
              <figcaption className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                {study.quoteAuthor}
                {study.quoteRole ? `, ${study.quoteRole}` : ''}
              </figcaption>
            ) : null}
          </figure>
        ) : null}
        <Prose html={study.bodyHtml} className="mt-10" data-testid="case-study-body" />
        <StudyCallToAction />
      </article>
    </PageContainer>
  );
}
