import { COMPANY_NAME } from '@app/contracts/brand';
import type { SocialNetwork } from '@app/contracts/social';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../../components/layout/logo';
import { GitHubIcon, LinkedInIcon, XIcon } from '../../components/layout/social-icons';
import { configQueryOptions } from '../../features/config/api/config.queries';

/** Each network's icon and name: the profiles themselves come from SOCIAL_LINKS (GET /api/config, issue 26). */
const networks: Record<SocialNetwork, { name: string; icon: typeof LinkedInIcon }> = {
  linkedin: { name: 'LinkedIn', icon: LinkedInIcon },
  x: { name: 'X (Twitter)', icon: XIcon },
  github: { name: 'GitHub', icon: GitHubIcon },
};

/** The company's configured profiles, one icon each; nothing at all when none is configured. */
function SocialLinks() {
  const links = useQuery(configQueryOptions()).data?.socialLinks ?? [];
  if (links.length === 0) return null;
  return (
    <ul className="mt-6 flex gap-2" aria-label="Social media" data-testid="social-links">
      {links.map(({ network, url }) => {
        const { name, icon: Icon } = networks[network];
        return (
          <li key={url}>
            <a
              href={url}
              aria-label={`${COMPANY_NAME} on ${name}`}
              target="_blank"
              rel="noopener noreferrer"
              className="flex size-10 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <Icon className="size-5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

const services = [
  'PowerBI Dashboards',
  'Looker Studio Reports',
  'Data Strategy Consulting',
  'Dashboard Training',
  'Data Integration',
];

const legalLinks = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/cookies', label: 'Cookies' },
] as const;

const linkClass =
  'text-sm text-slate-600 transition-colors hover:text-blue-700 dark:text-slate-400 dark:hover:text-blue-400';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      <ul className="mt-4 space-y-3">{children}</ul>
    </div>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer
      className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/50"
      data-testid="site-footer"
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2 lg:col-span-2">
            <Link to="/" className="inline-block rounded-md" aria-label={`${COMPANY_NAME} home`}>
              <Logo />
            </Link>
            <p className="mt-4 max-w-sm text-sm leading-6 text-slate-600 dark:text-slate-400">
              We build custom PowerBI and Looker Studio dashboards that turn scattered data into clear, actionable
              insight for your whole team.
            </p>
            <SocialLinks />
          </div>

          <FooterColumn title="Services">
            {services.map((service) => (
              <li key={service} className="text-sm text-slate-600 dark:text-slate-400">
                {service}
              </li>
            ))}
          </FooterColumn>

          <FooterColumn title="Company">
            <li>
              <Link to="/" hash="why-us" className={linkClass}>
                About Us
              </Link>
            </li>
            <li>
              <Link to="/" hash="values" className={linkClass}>
                Our Values
              </Link>
            </li>
            <li>
              <Link to="/case-studies" className={linkClass}>
                Case Studies
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                Contact
              </Link>
            </li>
          </FooterColumn>
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t border-slate-200 pt-8 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="copyright" suppressHydrationWarning>
            © {year} {COMPANY_NAME}. All rights reserved.
          </p>
          <ul className="flex gap-6" aria-label="Legal">
            {legalLinks.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className={linkClass} data-testid={`footer-legal-${to.slice(1)}`}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
