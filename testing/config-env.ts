/**
 * The required variables of each process, all good: where a configuration test starts from, changing one variable
 * at a time (issue 27: the API's and the workers' tests each had their own copy).
 */

/** What the API requires. */
export const apiEnv = {
  DATABASE_URL: 'postgres://u@h/db',
  REDIS_URL: 'redis://h:6379',
  COMPANY_EMAIL: 'hello@b.co',
  APP_URL: 'http://localhost:3000',
};

/** What the workers require: the API's variables and the mail server's. */
export const workersEnv = { ...apiEnv, SMTP_URL: 'smtp://mail:1025', EMAIL_FROM: 'A <a@b.co>' };
