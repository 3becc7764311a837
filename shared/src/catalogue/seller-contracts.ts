import * as z from 'zod/mini';

/**
 * GET seller/{id}: what the seller modal and the public seller page show (01 §2, 02 §2). Only
 * public fields: never e-mail, phone, IBAN or verification data.
 */
export const sellerPublicCompanySchema = z.object({
  name: z.string(),
  logo: z.nullable(z.string()),
  header_logo: z.nullable(z.string()),
  description: z.nullable(z.string()),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  region_id: z.nullable(z.number().check(z.int())),
  region: z.nullable(z.string()),
  url: z.nullable(z.string()),
  background_color: z.nullable(z.string()),
  text_color: z.nullable(z.string()),
  header_1: z.nullable(z.string()),
  header_2: z.nullable(z.string()),
});

export const sellerProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  company: z.nullable(sellerPublicCompanySchema),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

export const SELLER_NOT_FOUND = 'Verkäufer nicht gefunden.';
