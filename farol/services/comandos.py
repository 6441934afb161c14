"""Comandos aceitos pelos serviços (e pela API como corpo das requisições).

Cada ato tem os seus dados validados pelo modelo do seu tipo (`modelo_dos_dados`, pelas
marcas do quadro de estados); tipos sem modelo próprio aceitam um texto livre (`texto`) e
referências (`documento`).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
)

from farol.domain.cpf_cnpj import validar_cpf
from farol.domain.procedimento.maquina import Maquina
from farol.erros import EntradaInvalida
from farol.normas.infracoes import catalogo


class Modelo(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class NovoAto(Modelo):
    """Um ato do processo: o tipo (do quadro de estados), a data em que ocorreu e os dados."""

    tipo: str = Field(min_length=1, max_length=60)
    data_ato: dt.date
    dados: dict[str, Any] = Field(default_factory=dict)
    versao: int | None = Field(
        default=None, description="versão do processo que o usuário viu (trava otimista)"
    )
    corrige_ato_id: int | None = None


class ItemAuto(Modelo):
    infracao: str
    autor_tipo: str | None = Field(
        default=None,
        description="tipo de autor material (autores admitidos de cada infração: "
        "`farol infracoes`); omitido, o único que a infração admite, e com vários a recusa "
        "os lista",
    )
    faltas: int = Field(default=1, ge=1)


class DadosLavratura(Modelo):
    infracoes: list[ItemAuto] = Field(min_length=1, max_length=50)
    descricao: str | None = None
    justificativa: str | None = Field(
        default=None,
        min_length=20,
        max_length=4000,
        description="por que o auto traz infração que o Acórdão do Tribunal Marítimo não "
        "apontou (exigida só nesse caso: o auto que segue o acórdão é vinculado a ele)",
    )


class AcessoriaDecidida(Modelo):
    """Penalidade ou obrigação acessória imposta com a principal (dados/acessorias.yaml)."""

    tipo: str = Field(min_length=1, max_length=40)
    fundamentacao: str = Field(
        min_length=20,
        max_length=4000,
        description="por que a condição da norma se verifica (ex.: a obra afeta a segurança "
        "da navegação no local)",
    )


class PenalidadeDecidida(Modelo):
    infracao: str
    multa: Decimal | None = Field(default=None, max_digits=14, decimal_places=2)
    suspensao_dias: int | None = Field(default=None, ge=1)
    cancelamento: bool = False
    acessorias: list[AcessoriaDecidida] = Field(default_factory=list, max_length=10)


class DadosDecisaoComPenalidade(Modelo):
    penalidades: list[PenalidadeDecidida] = Field(min_length=1)
    justificativa: str = Field(min_length=20)
    agravantes: list[str] = Field(default_factory=list)
    prazo_acessorias_dias: int | None = Field(
        default=None,
        ge=1,
        le=3650,
        description="dias, contados de modo contínuo da ciência da decisão, para o infrator "
        "cumprir as acessórias que lhe cabem (a norma não fixa o prazo: a decisão o fixa)",
    )


class DadosCumprimentoAcessoria(Modelo):
    tipos: list[str] = Field(min_length=1, max_length=10)
    texto: str = Field(min_length=10, max_length=4000, description="como se verificou")
    documento: str | None = Field(default=None, max_length=200)


class DadosExecucaoDireta(Modelo):
    tipos: list[str] = Field(min_length=1, max_length=10)
    despesas: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    fundamentacao: str = Field(min_length=20, max_length=4000)
    documento: str | None = Field(default=None, max_length=200)


class DadosDecisao(Modelo):
    fundamentacao: str = Field(min_length=10)


class DadosPagamento(Modelo):
    valor: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    referencia: str = Field(min_length=1, max_length=100)


class DadosEfeitoSuspensivo(Modelo):
    fundamentacao: str = Field(
        min_length=20,
        description="o justo receio de prejuízo de difícil ou incerta reparação que justifica "
        "dar efeito suspensivo ao recurso",
    )
    a_pedido: bool = Field(default=False, description="concedido a pedido do recorrente")


class DadosRestituicao(Modelo):
    valor: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    referencia: str | None = Field(default=None, min_length=1, max_length=100)


class DadosSobrestamento(Modelo):
    inquerito: str = Field(min_length=1, max_length=100)
    poluicao: bool = False


def _infracao_do_catalogo(codigo: str) -> str:
    if codigo not in catalogo().infracoes:
        raise ValueError(f"infração desconhecida: {codigo!r} (use `farol infracoes`)")
    return codigo


class DadosAcordao(Modelo):
    """O Acórdão do Tribunal Marítimo cuja publicação levanta o sobrestamento: "o Acórdão
    poderá proporá medidas preventivas e apontará infrações à LESTA, quando necessário"
    (Norma de 2023, item 3.2). As datas são conferidas pelo serviço (`services.acordao`)."""

    numero: str = Field(
        min_length=1, max_length=100, description="número do Acórdão do Tribunal Marítimo"
    )
    publicado_em: dt.date = Field(
        description="data da publicação do Acórdão: não posterior à do levantamento nem "
        "anterior à do sobrestamento"
    )
    infracoes_apontadas: list[Annotated[str, AfterValidator(_infracao_do_catalogo)]] = Field(
        default_factory=list,
        max_length=50,
        description="códigos das infrações que o Acórdão apontou (`farol infracoes`); vazia "
        "quando não apontou nenhuma",
    )
    medidas_preventivas: str | None = Field(
        default=None, max_length=4000, description="medidas preventivas que o Acórdão propôs"
    )

    @field_validator("infracoes_apontadas")
    @classmethod
    def _sem_repeticao(cls, v: list[str]) -> list[str]:
        return list(dict.fromkeys(v))


class DadosCorrecao(Modelo):
    motivo: str = Field(min_length=10)
    dados_corrigidos: dict[str, Any] = Field(default_factory=dict)


class DadosLivres(Modelo):
    texto: str | None = None
    documento: str | None = None
    meio: str | None = Field(
        default=None, description="meio da ciência: pessoal, AR, edital, eletrônico"
    )


class PublicacaoDaCiencia(Modelo):
    """Onde e quando se publicou a comunicação do ato (Norma de 2023, item 3.6.6)."""

    veiculo: str = Field(
        min_length=1,
        max_length=40,
        description="veículo da publicação oficial (dados/comunicacao.yaml: pagina_om, "
        "quadro_gap, dou)",
    )
    publicado_em: dt.date = Field(
        description="data da publicação: é a data da ciência (data_ato) e dela corre o prazo"
    )
    referencia: str = Field(
        min_length=1,
        max_length=300,
        description="onde conferir a publicação: endereço da página, edição, seção e página do "
        "DOU, ou o registro da afixação no quadro de avisos",
    )


class DadosCiencia(Modelo):
    """A ciência do interessado (marca `ciencia`): o meio é um dos `meios` da marca no quadro
    do regime. Na publicação oficial (interessado indeterminado, desconhecido ou de endereço
    indefinido) vêm a publicação, a hipótese e a justificativa; a ciência dada ao procurador
    constituído aponta-o por `procurador_id`. As regras estão em `services.comunicacao`."""

    meio: str = Field(
        min_length=1,
        max_length=40,
        description="meio da ciência: um dos meios da marca `ciencia` do quadro do regime",
    )
    texto: str | None = None
    documento: str | None = None
    publicacao: PublicacaoDaCiencia | None = Field(
        default=None, description="obrigatória na ciência por publicação oficial"
    )
    hipotese: str | None = Field(
        default=None,
        max_length=40,
        description="na publicação oficial: indeterminado, desconhecido ou endereco_indefinido",
    )
    justificativa: str | None = Field(
        default=None,
        min_length=20,
        max_length=4000,
        description="na publicação oficial: por que o interessado é indeterminado, desconhecido "
        "ou de endereço indefinido (ex.: AR devolvido, endereço cadastral inexistente)",
    )
    procurador_id: int | None = Field(
        default=None, description="a ciência foi dada a este procurador constituído no processo"
    )


def _cpf(texto: str) -> str:
    try:
        return validar_cpf(texto)
    except EntradaInvalida as e:
        raise ValueError(e.mensagem) from None


class DadosProcurador(Modelo):
    """O procurador do interessado (marca `constitui_procurador`); o instrumento de procuração
    específico vai anexado ao ato (Norma de 2023, item 3.6.6)."""

    nome: str = Field(min_length=3, max_length=200)
    cpf: Annotated[str, AfterValidator(_cpf)] = Field(
        min_length=11, max_length=20, description="CPF do procurador (gravado só com dígitos)"
    )
    oab: str | None = Field(
        default=None, max_length=30, description="inscrição na OAB, se advogado (ex.: SC 12345)"
    )
    endereco: str | None = Field(default=None, max_length=300)
    email: str | None = Field(
        default=None, max_length=200, pattern=r"^[^@\s]+@[^@\s]+$", validate_default=True
    )
    texto: str | None = Field(default=None, max_length=4000)

    @field_validator("email")
    @classmethod
    def _contato(cls, email: str | None, info: ValidationInfo) -> str | None:
        if not email and not info.data.get("endereco"):
            raise ValueError(
                "informe o e-mail ou o endereço do procurador: é para onde vão as comunicações"
            )
        return email


class NovoProcurador(DadosProcurador):
    """POST /processos/{id}/procuradores: o procurador, a data da constituição e a versão."""

    data_ato: dt.date
    versao: int | None = Field(
        default=None, description="versão do processo que o usuário viu (trava otimista)"
    )

    def dados(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True, exclude={"data_ato", "versao"})


class DadosNotificacao(DadosLivres):
    data_fato: dt.date | None = Field(
        default=None,
        description="data do fato, no procedimento que não nasce de uma inspeção (apuração, "
        "inquérito); a prescrição conta dela",
    )
    comparecimento_em: dt.date | None = Field(
        default=None,
        description="data de comparecimento que consta da notificação, quando a norma em vigor "
        "no ato não fixa o prazo (ver dados/transicao.yaml, prazos_fixados_no_ato)",
    )


class DadosConversao(Modelo):
    """A conclusão que abre o procedimento sancionador (marca `abre_processo_sancionador`)."""

    infracoes: list[str] = Field(min_length=1, max_length=40)
    fundamentacao: str = Field(min_length=20, max_length=4000)
    comparecimento_em: dt.date | None = None


class DadosMedidaImposta(Modelo):
    """Medidas administrativas impostas na conclusão (tipos do catálogo de medidas)."""

    medidas: list[str] = Field(min_length=1, max_length=10)
    fundamentacao: str = Field(min_length=20, max_length=4000)


# O modelo dos dados de cada ato vem das marcas do quadro de estados do regime (a primeira
# marca da lista que o ato tiver; um regime que não declara a marca não tem atos com ela); ato
# sem nenhuma delas aceita `DadosLivres`.
MODELO_POR_MARCA: tuple[tuple[str, type[Modelo]], ...] = (
    ("abre_processo", DadosNotificacao),
    ("lavra_auto", DadosLavratura),
    ("impoe_penalidade", DadosDecisaoComPenalidade),
    ("decisao", DadosDecisao),
    ("paga_multa", DadosPagamento),
    ("abre_processo_sancionador", DadosConversao),
    ("impoe_medida", DadosMedidaImposta),
    ("concede_efeito_suspensivo", DadosEfeitoSuspensivo),
    ("cumpre_acessoria", DadosCumprimentoAcessoria),
    ("executa_acessoria", DadosExecucaoDireta),
    ("reconhece_restituicao", DadosRestituicao),
    ("efetua_restituicao", DadosRestituicao),
    ("abre_sobrestamento", DadosSobrestamento),
    ("ciencia", DadosCiencia),
    ("constitui_procurador", DadosProcurador),
    ("levanta_sobrestamento", DadosAcordao),
)


def modelo_dos_dados(maquina: Maquina, tipo: str) -> type[Modelo]:
    """O modelo que valida os dados do ato `tipo` no regime da máquina."""
    if maquina.e_correcao(tipo):
        return DadosCorrecao
    for marca, modelo in MODELO_POR_MARCA:
        if marca in maquina.marcas and maquina.tem_marca(tipo, marca):
            return modelo
    return DadosLivres
