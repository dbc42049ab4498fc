import { describe, expect, it } from 'vitest';
import { tourJsonLd, twoDecimals } from './json-ld';

describe('tour JSON-LD', () => {
  const santorini = {
    id: 4,
    name: 'Santorini Caldera Sunset Cruise',
    brand: 'Aegean Trails (Tour Master oracle)',
    url: 'http://127.0.0.1:8080/tour/santorini-caldera-sunset-cruise/',
    description: 'A memorable 5 Hours experience in Greece.',
    price: '120',
    priceValidUntil: '2027-01-01',
  };

  it('prints the bytes the legacy page printed (pages/tour-santorini-fixed.html)', () => {
    expect(
      tourJsonLd({
        ...santorini,
        rating: { score: 63, reviewer: 8 },
        review: {
          score: 9,
          name: 'John Smith',
          date: '2026-09-15 18:00:00',
          body: 'Booked through the site, smooth from start to end.',
        },
      }),
    ).toBe(
      '{"@context":"http:\\/\\/schema.org","@type":"Product","name":"Santorini Caldera Sunset Cruise","productID":"tour-4","brand":"Aegean Trails (Tour Master oracle)","sku":"1","url":"http:\\/\\/127.0.0.1:8080\\/tour\\/santorini-caldera-sunset-cruise\\/","description":"A memorable 5 Hours experience in Greece.","offers":{"@type":"Offer","url":"http:\\/\\/127.0.0.1:8080\\/tour\\/santorini-caldera-sunset-cruise\\/","price":"120","priceValidUntil":"2027-01-01","availability":"http:\\/\\/schema.org\\/InStock"},"AggregateRating":[{"@type":"AggregateRating","ratingValue":"3.94","reviewCount":8}],"review":{"@type":"Review","reviewRating":{"@type":"Rating","ratingValue":"4.50"},"name":"John Smith","author":{"@type":"Person","name":"John Smith"},"datePublished":"2026-09-15 18:00:00","reviewBody":"Booked through the site, smooth from start to end."}}',
    );
  });

  it('leaves the rating out without reviewers', () => {
    const json = JSON.parse(tourJsonLd({ ...santorini, rating: { score: 0, reviewer: 0 } }));
    expect(json).not.toHaveProperty('AggregateRating');
    expect(json).not.toHaveProperty('review');
  });

  it('never lets a text close the script element', () => {
    const text = tourJsonLd({ ...santorini, description: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<');
    expect(JSON.parse(text).description).toBe('</script><script>alert(1)</script>');
  });

  it('rounds like number_format', () => {
    expect(twoDecimals(7.875 / 2)).toBe('3.94');
    expect(twoDecimals(19 / 6 / 1)).toBe('3.17');
    expect(twoDecimals(3)).toBe('3.00');
  });
});
