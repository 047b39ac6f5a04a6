// @ts-check
/**
 * Netlify build plugin (netlify.toml `[[plugins]]`): after Netlify has zipped the functions,
 * prints each bundle's size and largest packages in the build log and fails the build when a
 * bundle is over budget, carries PGlite, local data, tests or seed content, or lacks what
 * on-demand pages read at run time (check.mjs; issue 14, ADR 017).
 */
import { existsSync } from 'node:fs';
import { inspectBundles, reportLines } from './check.mjs';

/**
 * @param {{ constants: { FUNCTIONS_DIST: string }, utils: { build: { failBuild(message: string): never } } }} options
 */
export const onPostBuild = ({ constants, utils }) => {
  const dir = constants.FUNCTIONS_DIST;
  if (!existsSync(dir)) return utils.build.failBuild(`No function bundles in ${dir}.`);
  const reports = inspectBundles(dir);
  if (reports.length === 0) return utils.build.failBuild(`No function bundles in ${dir}.`);
  for (const line of reportLines(reports)) console.log(line);
  const problems = reports.flatMap((report) => report.problems);
  if (problems.length > 0)
    utils.build.failBuild(`Function bundles not deployable:\n${problems.join('\n')}`);
};
