/**
 * An image that may be an upload. An uploaded image (`/media/<hash>-<width>.<ext>`) is served as
 * AVIF or WebP with a JPEG fallback, at the width the layout needs (srcset + sizes); any other address (an
 * https image, a demo placeholder) is a plain <img>. Width and height are always set (the box is reserved,
 * no layout shift) and the image is lazy unless it is the page's largest, above the fold (`priority`).
 */
import type { ImgHTMLAttributes } from "react";
import { mediaHashOf, mediaSrcSet, mediaUrl } from "~/modules/media";

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height" | "srcSet"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The layout width of the image (the `sizes` attribute); defaults to its width attribute. */
  sizes?: string;
  /** The largest image above the fold: fetched first, never lazy. */
  priority?: boolean;
};

export function Picture({ src, alt, width, height, sizes, priority = false, loading, ...rest }: PictureProps) {
  const hash = mediaHashOf(src);
  loading ??= priority ? "eager" : "lazy";
  // What the <img> carries in both shapes (the plain image and the <picture> fallback), besides its text.
  const img = {
    width,
    height,
    loading,
    fetchPriority: priority ? ("high" as const) : undefined,
    decoding: "async" as const,
    ...rest,
  };
  if (!hash) return <img src={src} alt={alt} {...img} />;
  const layout = sizes ?? `${width}px`;
  const fallbackWidth = width <= 320 ? 320 : width <= 640 ? 640 : 1280;
  return (
    <picture>
      <source type="image/avif" srcSet={mediaSrcSet(hash, "avif")} sizes={layout} />
      <source type="image/webp" srcSet={mediaSrcSet(hash, "webp")} sizes={layout} />
      <img
        src={mediaUrl(hash, fallbackWidth, "jpeg")}
        srcSet={mediaSrcSet(hash, "jpeg")}
        sizes={layout}
        alt={alt}
        {...img}
      />
    </picture>
  );
}
