import { Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Business, bankAccountOf, MESSAGES } from '@oja/contract';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { useBusinessLogo } from '../../shell/business-query';
import { RequirePermission } from '../../shell/not-allowed';
import { openConfirm } from '../../ui/confirm';
import { loadOnOpen } from '../../ui/load-on-open';
import { useDeleteBusiness } from './api';

/** Downloaded when first opened (ui/load-on-open.tsx): the page's first load carries no dialog code. */
const EditBusinessModal = loadOnOpen(
  () => import('./edit-business-modal').then((module) => module.EditBusinessModal),
  (props) => props.opened,
);

/** /business/{slug}/settings: what the business is, Edit Info and Delete Business. */
export default function BusinessSettingsPage() {
  return (
    <RequirePermission permission="business.update">
      <BusinessSettings />
    </RequirePermission>
  );
}

function BusinessSettings() {
  const { business } = useBusinessContext();
  const [isEditing, editing] = useDisclosure(false);
  const remove = useDeleteBusiness(business.slug);
  const navigate = useNavigate();

  const confirmDelete = () =>
    openConfirm({
      title: 'Delete Business',
      centered: true,
      children: <Text size="sm">{MESSAGES.business.deleteConfirm(business.name)}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const answer = await remove.mutateAsync(business.id);
          notify.success(answer.description || MESSAGES.business.deleted);
          navigate('/', { replace: true });
        } catch (error) {
          console.error(error);
          notify.error(errorMessage(error, MESSAGES.failed.deleteBusiness));
        }
      },
    });

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>{business.name} Settings</Title>
      <Card withBorder radius="md">
        <ShopLogo business={business} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field label="Slug" value={business.slug} />
          <Field label="Business email" value={business.business_email ?? 'N/A'} />
          <Field label="Created" value={formatDate(business.created_at)} />
          <Field label="Last updated" value={formatDateTime(business.updated_at)} />
          <Field label="Shop address" value={business.address ?? NOT_SET} />
          <Field label="Shop phone" value={business.phone ?? NOT_SET} />
          <Field label="Bank account" value={bankAccountOf(business) ?? NOT_SET} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt="md">
          Description
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{business.about || MESSAGES.business.noDescriptionProvided}</Text>
      </Card>
      <Group>
        <Button leftSection={<IconEdit size={16} />} onClick={editing.open}>
          Edit Info
        </Button>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
          Delete Business
        </Button>
      </Group>
      <EditBusinessModal business={business} opened={isEditing} onClose={editing.close} />
    </Stack>
  );
}

const NOT_SET = 'Not set: Edit Info adds it to your receipts';

/** The logo at the card's head, as the receipts print it; nothing while the shop has none. */
function ShopLogo({ business }: { business: Business }) {
  const logo = useBusinessLogo(business).data;
  return logo ? (
    <Image
      src={logo}
      alt="The shop's logo"
      h={64}
      fit="contain"
      style={{ width: 'auto', maxWidth: '100%', alignSelf: 'flex-start' }}
      mb="md"
    />
  ) : null;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{value}</Text>
    </div>
  );
}
