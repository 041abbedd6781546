import type { PublicCaseStudy } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { PageContainer } from '../../../components/layout/page-header';
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
      </article>
    </PageContainer>
  );
}
