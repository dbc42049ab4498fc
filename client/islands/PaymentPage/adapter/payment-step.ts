import type {
  BookLaterProps,
  GatewaysProps,
  MethodBlockProps,
  PaymentStepProps,
  ServiceItemProps,
} from '../../../common/islands/payment-step';
import { cardImagesOf, termsOf, textOf } from './markup';

/**
 * The payment step (step 3, payment.md §2.2) as WordPress printed it, read into the
 * PaymentStepProps our server writes: SERVICE-FORM, the details the visitor gave (kept as the
 * server's HTML) and style-1's METHOD-BLOCK.
 */

/** Step 3's content under `root`, when `root` holds it (the visitor's details are its mark). */
export function paymentStepOf(root: ParentNode): PaymentStepProps | undefined {
  const details = root.querySelector('.tourmaster-summary-info-outer');
  if (!details) return undefined;
  const services = root.querySelector('.tourmaster-payment-service-form-wrap');
  const methods = root.querySelector('.tourmaster-payment-method-wrap');
  return {
    ...(services && {
      services: [...services.querySelectorAll('.tourmaster-payment-service-form-item')].map(serviceOf),
    }),
    details: details.innerHTML,
    ...(methods && { methods: methodBlockOf(methods) }),
  };
}

/**
 * A service: its checkbox (a mandatory one is held checked: the plugin's inline `return false;`,
 * our `data-mandatory`), price, `tourmaster-type-{per}` and its amount input (typed for a unit
 * service, else a hidden 1 after the "/ Person" the price is per).
 */
function serviceOf(item: Element): ServiceItemProps {
  const box = item.querySelector<HTMLInputElement>('input[name="service[]"]');
  const tail = item.querySelector('.tourmaster-payment-service-form-price-wrap .tourmaster-tail');
  const per = [...(tail?.classList ?? [])].find((c) => c.startsWith('tourmaster-type-'))?.slice(16) ?? '';
  const amount = tail?.querySelector<HTMLInputElement>('input[name="service-amount[]"]');
  const perLabel = [...(tail?.childNodes ?? [])]
    .filter((n) => n.nodeType === Node.TEXT_NODE)
    .map((n) => n.textContent)
    .join('');
  const maxUnit = amount?.dataset.maxUnit;
  return {
    id: box?.value ?? '',
    title: textOf(item, '.tourmaster-payment-service-form-item-title'),
    price: textOf(item, '.tourmaster-payment-service-form-price-wrap .tourmaster-head'),
    per,
    ...(perLabel && { perLabel }),
    unit: amount?.type === 'text',
    amount: amount?.getAttribute('value') ?? '',
    ...(maxUnit !== undefined && { maxUnit }),
    chosen: box?.hasAttribute('checked') ?? false,
    mandatory: box?.hasAttribute('data-mandatory') === true || /return false/.test(box?.getAttribute('onclick') ?? ''),
  };
}

const LAYOUTS = { 'tourmaster-both-online-payment': 'both', 'tourmaster-none-online-payment': 'none' } as const;

function methodBlockOf(wrap: Element): MethodBlockProps {
  const layout = Object.entries(LAYOUTS).find(([c]) => wrap.classList.contains(c))?.[1] ?? '';
  const sdk = wrap.querySelector('.tourmaster-paypal-jssdk-payment-form');
  const gateways = wrap.querySelector('.tourmaster-payment-gateway');
  const bookLater = bookLaterOf(wrap.querySelector('.tourmaster-payment-method-booking'));
  return {
    layout,
    title: textOf(wrap, '.tourmaster-payment-method-title'),
    bankTransferNote: wrap.querySelector('.tourmaster-payment-method-description') !== null,
    terms: termsOf(wrap.querySelector('.tourmaster-payment-terms')),
    ...(sdk && { paypalSdk: { feeText: textOf(sdk, '.tourmaster-payment-paypal-service-fee-text') } }),
    ...(gateways && { gateways: gatewaysOf(gateways) }),
    or: wrap.querySelector('.tourmaster-payment-method-or') !== null,
    ...(bookLater && { bookLater }),
  };
}

/** The online gateways; the images' folder is where the gateways' images are (`{folder}/paypal.png`). */
function gatewaysOf(box: Element): GatewaysProps {
  const src = box.querySelector('img')?.getAttribute('src') ?? '';
  const paypal = box.querySelector('.tourmaster-payment-paypal');
  const card = box.querySelector('.tourmaster-payment-credit-card');
  return {
    imagesUrl: src.slice(0, Math.max(src.lastIndexOf('/'), 0)),
    woocommerce: box.querySelector('.tourmaster-payment-woocommerce') !== null,
    ...(paypal && { paypal: { feeText: textOf(paypal, '.tourmaster-payment-paypal-service-fee-text') } }),
    ...(card && {
      card: {
        gateway: card.querySelector<HTMLElement>('[data-action-type]')?.dataset.actionType ?? '',
        feeText: textOf(card, '.tourmaster-payment-credit-card-service-fee-text'),
        cardTypes: cardImagesOf(card),
      },
    }),
    hipay: box.querySelector('.tourmaster-payment-hipayprofessional') !== null,
  };
}

/**
 * "Book and pay later": a step-4 button, or where guests must log in first, the lightbox it opens
 * (its title, and where to log in: our Login button, or the plugin's login form's action).
 */
function bookLaterOf(box: Element | null): BookLaterProps | undefined {
  const button = box?.querySelector('.tourmaster-payment-method-booking-button');
  if (!box || !button) return undefined;
  const lightbox = box.querySelector('.tourmaster-lightbox-content-wrap');
  if (!lightbox) return { label: button.textContent ?? '' };
  const url =
    lightbox.querySelector('.tourmaster-lightbox-content a.tourmaster-button')?.getAttribute('href') ??
    lightbox.querySelector('form.tourmaster-login-form')?.getAttribute('action') ??
    '';
  return { label: button.textContent ?? '', login: { title: textOf(lightbox, '.tourmaster-lightbox-title'), url } };
}
