import {
  WEBSITE_ICONS,
  WEBSITE_ICON_LABELS,
  type WebsiteIcon as IconName,
} from '@gm/shared/tenant/website-configuration';
import { FieldError, fieldId } from '../../../components/ui/form-fields.tsx';
import { WebsiteIcon } from '../../../components/ui/website-icon.tsx';

type Props = {
  name: string;
  legend: string;
  value: string;
  onChange: (value: IconName) => void;
  error?: string;
};

/** One of the three icons: a radio group of the icon library, each icon named for screen readers. */
export function IconField({ name, legend, value, onChange, error }: Props) {
  const errorId = `${fieldId(name)}-error`;
  return (
    <fieldset
      className={`field icon-field${error ? ' field--invalid' : ''}`}
      aria-describedby={errorId}
      data-testid={`${name}-field`}
    >
      <legend className="field__label">{legend}</legend>
      <div className="icon-field__options">
        {WEBSITE_ICONS.map((icon, index) => (
          <label
            key={icon}
            className={`icon-field__option${value === icon ? ' is-checked' : ''}`}
            title={WEBSITE_ICON_LABELS[icon]}
          >
            <input
              id={index === 0 ? fieldId(name) : undefined}
              type="radio"
              name={name}
              value={icon}
              checked={value === icon}
              onChange={() => onChange(icon)}
              className="icon-field__input"
            />
            <WebsiteIcon name={icon} size={22} />
            <span className="visually-hidden">{WEBSITE_ICON_LABELS[icon]}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
