import type { CardImage } from '../../../common/islands/payment-sidebar';

/** The card logos under the card button (and in style-2's payment box). */
export function CardTypes({ images }: { images: readonly CardImage[] }) {
  if (images.length === 0) return null;
  return (
    <div className="tourmaster-payment-credit-card-type">
      {images.map((image) => (
        <img key={image.src} src={image.src} alt={image.alt} />
      ))}
    </div>
  );
}
