/** An image of the media library, as a gallery shows it. */
export interface Attachment {
  id: number;
  /** The full-size file's URL. */
  url: string;
  /** The thumbnail's URL (the full file when WordPress made none). */
  thumbnailUrl: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
}
