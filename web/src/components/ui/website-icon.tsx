import type { ComponentType } from 'react';
import type { WebsiteIcon as WebsiteIconName } from '@gm/shared/tenant/website-defaults';
import {
  CalendarIcon,
  CartIcon,
  CategoryIcon,
  CheckCircleIcon,
  ClockIcon,
  GiftIcon,
  HeartIcon,
  InfoIcon,
  MapPinIcon,
  QrIcon,
  SearchIcon,
  SparkIcon,
  StoreIcon,
  UserIcon,
  WalletIcon,
} from './icons.tsx';

type IconComponent = ComponentType<{ size?: number }>;

const category =
  (slug: string): IconComponent =>
  (props) => <CategoryIcon slug={slug} {...props} />;

/** The icons a seller may put on the voucher website (`WEBSITE_ICONS`), drawn from the web's icon library. */
const ICONS: Record<WebsiteIconName, IconComponent> = {
  search: SearchIcon,
  spark: SparkIcon,
  gift: GiftIcon,
  heart: HeartIcon,
  cart: CartIcon,
  wallet: WalletIcon,
  qr: QrIcon,
  calendar: CalendarIcon,
  clock: ClockIcon,
  'map-pin': MapPinIcon,
  info: InfoIcon,
  'check-circle': CheckCircleIcon,
  user: UserIcon,
  store: StoreIcon,
  wellness: category('wellness'),
  adventure: category('adventure'),
  genuss: category('genuss'),
  fitness: category('fitness'),
  tiere: category('tiere'),
  kurse: category('kurse'),
};

/** One voucher-website icon by its stored name (decorative: the text next to it carries the meaning). */
export function WebsiteIcon({ name, size = 24 }: { name: WebsiteIconName; size?: number }) {
  const Icon = ICONS[name] ?? GiftIcon;
  return <Icon size={size} />;
}
