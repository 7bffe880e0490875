/**
 * Mantine's stylesheets for the components of the signed-in pages, on top of the guest pages' ones
 * (guest.ts, already loaded with the first page): imported by each signed-in area's layout (the app and
 * business shells, the employee and customer areas, the platform page), so they come with the first
 * signed-in page and never with /login. With the components they are built from (Select: Combobox,
 * Popover, ScrollArea; Menu and Tooltip: Popover; Modal: ModalBase and Overlay; Radio: InlineInput;
 * SegmentedControl and Tabs: FloatingIndicator; the charts' legend: ColorSwatch), in Mantine's order
 * (https://mantine.dev/styles/css-files-list). A component newly used on a signed-in page adds its
 * file here.
 */
import './guest';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Tooltip.css';
