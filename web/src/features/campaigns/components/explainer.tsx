import { useId } from 'react';
import type { CampaignExplainer } from '../campaign-config.ts';
import { ImageSlider } from './image-slider.tsx';
import './explainer.css';

/**
 * The explainer on the Father's Day page (01 §2): a hosted film when one is configured, otherwise the
 * built-in animated three-step explainer (no third-party embed, works offline).
 */
export function Explainer({ explainer }: { explainer: CampaignExplainer }) {
  const titleId = useId();
  return (
    <section className="explainer" aria-labelledby={titleId} data-testid="explainer">
      <div className="explainer__text">
        <h2 id={titleId} className="section__title">
          {explainer.title}
        </h2>
        <p className="section__lead">{explainer.text}</p>
        <ol className="explainer__steps">
          {explainer.frames.map((frame) => (
            <li key={frame.title}>
              <strong>{frame.title}</strong> {frame.text}
            </li>
          ))}
        </ol>
      </div>
      {explainer.videoUrl ? (
        <video className="explainer__video" controls preload="none" poster={explainer.poster} aria-labelledby={titleId}>
          <source src={explainer.videoUrl} />
        </video>
      ) : (
        <ImageSlider
          slides={explainer.frames}
          label={`${explainer.title}: Erklärung in drei Schritten`}
          testId="explainer-slider"
          className="image-slider--explainer"
        />
      )}
    </section>
  );
}
