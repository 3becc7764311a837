import { regionLabel } from '@gm/shared/catalogue/reference-data';
import {
  WEBSITE_TEXT,
  websiteConfigurationSchema,
  type WebsiteConfiguration,
} from '@gm/shared/tenant/website-configuration';
import { germanFallback, toFieldErrors } from '@gm/shared/validation/fields';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import type { Deps } from '../deps.ts';
import { websiteFields } from './tenant-shop.ts';

export type WebsiteConfigurationDeps = Pick<
  Deps,
  'users' | 'companies' | 'uploads' | 'profiles' | 'tenantShops' | 'clock' | 'newToken'
> & { vouchers: Pick<Deps['vouchers'], 'listBySeller'> };

function view(subdomain: string | null, company: CompanyRecord | undefined): WebsiteConfiguration {
  return {
    subdomain,
    company: company ? { name: company.name, updated_at: company.updated_at, ...websiteFields(company) } : null,
  };
}

/** GET user/website-configuration (seller): the seller's own subdomain and voucher website. */
export async function getWebsiteConfiguration(
  deps: Pick<WebsiteConfigurationDeps, 'users' | 'companies'>,
  actor: Actor,
): Promise<WebsiteConfiguration> {
  const [user, company] = await Promise.all([deps.users.get(actor.userId), deps.companies.getBySeller(actor.userId)]);
  if (!user) throw new NotFoundError('Benutzer nicht gefunden.');
  return view(user.subdomain || null, company);
}

/**
 * PUT user/website-configuration (02 §2 'Gutschein Webseite'): the seller saves their own company's
 * voucher website. Main course:
 * 1. the form is parsed with the shared contract (422 with German field messages);
 * 2. the company must exist (sellers get one at registration) — the seller is the actor, so nobody
 *    edits another seller's website;
 * 3. new logo / cover uploads are published into the media bucket (`companies/<id>/logo-…`, `header-…`);
 * 4. ONE conditional Update of `USER#<id>/COMPANY` on the `updated_at` read in step 2: a concurrent
 *    save (or profile save) in between answers 409 and the images just published are deleted again;
 * 5. after the commit: the replaced cover is deleted (the logo stays: voucher snapshots show it), the
 *    seller summary in the seller's vouchers follows a new logo, and the tenant shop cache is invalidated.
 */
export async function saveWebsiteConfiguration(
  deps: WebsiteConfigurationDeps,
  actor: Actor,
  body: unknown,
): Promise<WebsiteConfiguration> {
  const parsed = websiteConfigurationSchema.safeParse(body ?? {}, { error: germanFallback });
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));
  const input = parsed.data;

  const [user, company] = await Promise.all([deps.users.get(actor.userId), deps.companies.getBySeller(actor.userId)]);
  if (!user) throw new NotFoundError('Benutzer nicht gefunden.');
  if (!company) throw new ValidationError({ company: [WEBSITE_TEXT.noCompany] }, WEBSITE_TEXT.noCompany);

  const published: string[] = [];
  const publish = async (uploadId: string | undefined, field: string, purpose: 'company-logo' | 'company-cover') => {
    if (!uploadId) return undefined;
    const name = purpose === 'company-logo' ? 'logo' : 'header';
    try {
      const url = await deps.uploads.publish(
        actor,
        uploadId,
        purpose,
        `companies/${user.id}/${name}-${deps.newToken().slice(0, 16)}`,
      );
      published.push(url);
      return url;
    } catch (error) {
      await deps.uploads.discard(published, 'website configuration: upload refused');
      // The upload's problem belongs to its field on the form.
      if (error instanceof ValidationError)
        throw new ValidationError({ [field]: error.errors.upload_id ?? [error.message] }, error.message);
      throw error;
    }
  };
  const logo = await publish(input.logo_upload_id, 'logo_upload_id', 'company-logo');
  const headerLogo = await publish(input.header_logo_upload_id, 'header_logo_upload_id', 'company-cover');

  const now = deps.clock().toISOString();
  const saved = await deps.companies.saveWebsite(
    user.id,
    {
      header_1: input.header_1,
      header_2: input.header_2,
      background_color: input.background_color,
      text_color: input.text_color,
      is_header_show: input.is_header_show,
      link: input.link,
      text_1: input.text_1,
      text_2: input.text_2,
      text_3: input.text_3,
      icon_1: input.icon_1,
      icon_2: input.icon_2,
      icon_3: input.icon_3,
      ...(logo ? { logo } : {}),
      ...(headerLogo ? { header_logo: headerLogo } : {}),
    },
    company.updated_at,
    // Strictly after the stored stamp, so two saves within one millisecond still differ.
    now > company.updated_at ? now : new Date(Date.parse(company.updated_at) + 1).toISOString(),
  );
  if (!saved) {
    await deps.uploads.discard(published, 'website configuration: save refused');
    throw new ConflictError(WEBSITE_TEXT.changedMeanwhile);
  }
  // The save held against the company read, so its old cover is unused now.
  if (headerLogo && company.header_logo && company.header_logo !== headerLogo)
    await deps.uploads.discard([company.header_logo], 'website configuration: cover replaced');
  deps.tenantShops.invalidate();

  const fresh = await deps.companies.getBySeller(user.id);
  if (logo && fresh) {
    await deps.profiles.refreshSellerSummary(await deps.vouchers.listBySeller(user.id), {
      id: user.id,
      username: user.username,
      company: { name: fresh.name, logo: fresh.logo, region: regionLabel(fresh.region_id), url: fresh.url },
      is_activated: user.is_activated !== false,
    });
  }
  return view(user.subdomain || null, fresh);
}
